/**
 * Kind knowledge stays in the kind's own files, found by more than a quoted kind name
 * (`kind-names.test.ts`): by the API operations a kind's handler calls (its descriptor's
 * `ci.actions`, `ListVolumes` or `listVolumes(` for `listvolumes`), in the engine, `common/` and
 * the CLI and also in the emulator and the clients' shared sections (a kind's routes, store and
 * client calls are in its folder), and by imports of a kind's
 * folder (`kinds/<kind>/`: its descriptor, handler, construct, generator), of a handler serving
 * several kinds (`provider/handlers/`) or of such a program generator (`provider/generators/`). The
 * registry (`common/kinds/`, built from `kinds/index.ts`, the one line per kind) is not guarded. The engine, `common/` outside the descriptors and the CLI drive kinds
 * through the registry and the handler contract (its hooks: `rehearsalCopy`, `rollback`, …), so a
 * hit there is a kind's code in the wrong place. What legitimately remains is listed below, each
 * with its reason; an entry that no longer matches anything fails too, so the list only shrinks.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_KINDS } from '../../common/kinds/index.js';
import { importGraph, parse, sourceFiles } from './source-graph.js';

/** The folders that must hold no kind's code: the engine, common/ outside the descriptors, the CLI. */
function guarded(path: string): boolean {
  return /^(reconciler|common|cli)\//.test(path) && !path.startsWith('common/kinds/');
}

/** Each API action a kind's handler calls, with the kinds that call it (lower case: `listvolumes`). */
const ACTION_KINDS: ReadonlyMap<string, readonly string[]> = (() => {
  const out = new Map<string, string[]>();
  for (const d of BUILT_IN_KINDS)
    for (const action of d.ci?.actions ?? []) out.set(action, [...(out.get(action) ?? []), d.kind]);
  return out;
})();

/**
 * What files of the guarded folders may still name of the kinds' API operations (exactly these
 * names, so another call there fails too), each with the reason.
 */
const MAY_NAME_OPERATIONS: Readonly<Record<string, { readonly names: readonly string[]; readonly reason: string }>> = {
  'reconciler/state/manta-backend.ts': {
    names: ['deleteObject', 'putObject'],
    reason: 'the state backend keeps the state file in Manta itself: the store, not the object kind',
  },
  'reconciler/state/manta-history.ts': {
    names: ['deleteObject', 'putObject', 'putSnapLink'],
    reason: "the state backend's history in Manta (objects and snaplinks of its own)",
  },
  'reconciler/engine/live-reader.ts': {
    names: ['listDirectory', 'listUsers'],
    reason:
      "the engine's shared listings (one ListUsers and one listing per Manta directory per run, for the handlers listing under them): not yet a handler hook",
  },
  'cli/private/access-model.ts': {
    names: ['listPolicies', 'listRoles', 'listUsers'],
    reason: "the access model's reads for `can` and `access`: not yet through the handlers' list",
  },
  'cli/rehearse/copy.ts': {
    names: ['getAccount', 'listKeys', 'listPolicies', 'listRoles', 'listUserKeys', 'listUsers'],
    reason:
      "the copy's identity reads (the account, its keys, users and their keys, roles, policies), which its role members, tag paths and the applying identity are built from: not yet per-kind rehearsal hooks (issue 41, step 2)",
  },
  'cli/rehearse/copy-catalog.ts': {
    names: ['ListNetworks', 'ListPackages', 'listDatacenters'],
    reason: "the datacenter's catalog, which every copy holds: not yet the look-up kinds' rehearsal hooks",
  },
};

/**
 * The emulator and the clients' shared sections: a kind's routes, store and client calls are in its
 * folder (`kinds/<kind>/emulator/`, `kinds/<kind>/api.ts`), so a kind's operation named here is a
 * kind's code left outside it. The generated lists (which only import the kinds' files) are not read.
 */
function serviceSide(path: string): boolean {
  return /^(emulator|provider\/cloudapi|provider\/manta)\//.test(path) && !path.split('/').includes('generated');
}

/**
 * What files of the emulator and the shared client sections may still name of the kinds' API
 * operations (exactly these names), each with the reason.
 */
const SERVICE_SIDE_MAY_NAME: Readonly<Record<string, { readonly names: readonly string[]; readonly reason: string }>> =
  {
    'emulator/cloudapi/routes/catalog.ts': {
      names: ['ListDatacenters', 'ListNetworks', 'ListPackages'],
      reason:
        "the datacenter's catalog (datacenters, networks, packages) serves three look-ups and the machine placement from one store",
    },
    'provider/cloudapi/account-api.ts': {
      names: ['GetAccount', 'ListDatacenters', 'UpdateAccount'],
      reason:
        'one section for the account, its config, limits, datacenters and services (account, account-config, datacenter-lookup)',
    },
    'provider/cloudapi/rbac-api.ts': {
      names: [
        'CreatePolicy',
        'CreateRole',
        'DeletePolicy',
        'DeleteRole',
        'ListPolicies',
        'ListRoles',
        'SetRoleTags',
        'UpdatePolicy',
        'UpdateRole',
      ],
      reason: 'one section for roles, policies and role tags (three kinds); not yet split into their folders',
    },
    'emulator/manta/routes/objects.ts': {
      names: [
        'DeleteDirectory',
        'DeleteObject',
        'GetObject',
        'ListDirectory',
        'PutDirectory',
        'PutObject',
        'PutSnapLink',
        'putDirectory',
      ],
      reason:
        "Manta's routes share one namespace and their order encodes muskie's (emulator/manta/service.ts lists them by hand): not yet in the kinds' folders",
    },
    'emulator/manta/routes/jobs.ts': {
      names: ['CreateJob', 'GetJob', 'ListJobs'],
      reason: "Manta's job routes, listed in muskie's order with the others (emulator/manta/service.ts)",
    },
    'emulator/manta/jobs.ts': {
      names: ['putDirectory'],
      reason: "the job runner writes its outputs' directories in the namespace (the emulator's store, not the client)",
    },
  };

/** Files of the guarded folders that may import a kind's folder or a shared handler or generator, each with the reason. */
const MAY_IMPORT_KIND_CODE: Readonly<Record<string, string>> = {
  'common/rules/property-values.ts':
    "the value-rule table names each rule's check; volume's name rule lives beside its descriptor (to be read from the descriptors)",
};

/**
 * The files holding a kind's code: everything in a kind's folder (`kinds/<kind>/`), and the
 * handlers and program generators that serve several kinds from the shared folders.
 */
function kindCodeFiles(files: readonly string[]): Set<string> {
  const kinds: ReadonlySet<string> = new Set(BUILT_IN_KINDS.map((d) => d.kind));
  return new Set(
    files.filter((f) => {
      const folder = /^kinds\/([^/]+)\//.exec(f)?.[1];
      if (folder !== undefined) return kinds.has(folder);
      if (/^provider\/handlers\/[^/]+\.ts$/.test(f)) return /\bnormalizeDesired\b/.test(parse(f).text);
      if (/^provider\/generators\/[^/]+\.ts$/.test(f)) return /:\s*KindGenerator\b/.test(parse(f).text);
      return false;
    }),
  );
}

/**
 * The operation `node` names, if it can name one: a CamelCase string (`'ListVolumes'`) or a
 * method or member reached through an object (`cloudapi.listVolumes`). A lower-case string is an
 * RBAC action a policy or table holds (the server's authorisation vocabulary, which the access
 * model reads), and a declaration of the same name is a name of ours (the engine's `deleteObject`).
 */
function operationName(node: ts.Node): string | undefined {
  if (ts.isStringLiteralLike(node)) return /[A-Z]/.test(node.text) ? node.text : undefined;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  return undefined;
}

/** The kind API operations a file names in its code (string literals and identifiers; comments are not code). */
function operationsNamed(path: string): { line: number; name: string; kinds: readonly string[] }[] {
  const source = parse(path);
  const out: { line: number; name: string; kinds: readonly string[] }[] = [];
  const visit = (node: ts.Node): void => {
    const name = operationName(node);
    const kinds = name === undefined ? undefined : ACTION_KINDS.get(name.toLowerCase());
    if (kinds !== undefined && name !== undefined)
      out.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, name, kinds });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('kind knowledge stays in the kind', () => {
  const files = sourceFiles();
  const checked = files.filter(guarded);

  it("no file of the engine, common/ or the CLI names a kind's API operations, but the listed ones", () => {
    expect(checked).toContain('cli/commands/instance.ts');
    expect(checked).toContain('cli/rehearse/copy-networks-volumes.ts');
    const found = checked.flatMap((path) =>
      operationsNamed(path)
        .filter((o) => !(MAY_NAME_OPERATIONS[path]?.names ?? []).includes(o.name))
        .map((o) => `${path}:${o.line}: ${o.name} (${o.kinds.join(', ')})`),
    );
    expect(
      found,
      "these call a kind's API outside its files: move the call into the kind's handler (a contract hook) and go through the handler map",
    ).toEqual([]);
    // An entry that names nothing any more would let the next file of that name through.
    const stale = Object.entries(MAY_NAME_OPERATIONS).flatMap(([path, { names }]) => {
      const named = files.includes(path) ? operationsNamed(path).map((o) => o.name) : [];
      return names.filter((n) => !named.includes(n)).map((n) => `${path}: ${n}`);
    });
    expect(stale).toEqual([]);
  });

  it("no file of the emulator or the clients' shared sections names a kind's API operations, but the listed ones", () => {
    const serving = files.filter(serviceSide);
    // The check reads the emulator and the sections (a moved folder must not make it pass on nothing).
    for (const f of [
      'emulator/cloudapi/service.ts',
      'emulator/cloudapi/routes/catalog.ts',
      'provider/cloudapi/client.ts',
    ])
      expect(serving).toContain(f);
    const found = serving.flatMap((path) =>
      operationsNamed(path)
        .filter((o) => !(SERVICE_SIDE_MAY_NAME[path]?.names ?? []).includes(o.name))
        .map((o) => `${path}:${o.line}: ${o.name} (${o.kinds.join(', ')})`),
    );
    expect(
      found,
      "these serve or call a kind's API outside its folder: move the route and store into kinds/<kind>/emulator/, the calls into kinds/<kind>/api.ts",
    ).toEqual([]);
    const stale = Object.entries(SERVICE_SIDE_MAY_NAME).flatMap(([path, { names }]) => {
      const named = files.includes(path) ? operationsNamed(path).map((o) => o.name) : [];
      return names.filter((n) => !named.includes(n)).map((n) => `${path}: ${n}`);
    });
    expect(stale).toEqual([]);
  });

  it("no file of the engine, common/ or the CLI imports a kind's folder, handler or generator, but the listed ones", () => {
    const kindCode = kindCodeFiles(files);
    // The check knows the kinds' files (a renamed folder must not make it pass on nothing).
    for (const f of [
      'kinds/volume/descriptor.ts',
      'kinds/volume/handler.ts',
      'kinds/volume/generate.ts',
      'kinds/volume/construct.ts',
      'provider/handlers/catalog-lookups.ts',
      'provider/generators/fabric.ts',
    ])
      expect(kindCode).toContain(f);
    const graph = importGraph(files);
    const found = checked.flatMap((path) =>
      MAY_IMPORT_KIND_CODE[path] !== undefined
        ? []
        : (graph.get(path) ?? []).filter((e) => kindCode.has(e.to)).map((e) => `${path} imports ${e.to}`),
    );
    expect(found, 'go through the registry (kindDescriptor, the handler map) and the handler contract instead').toEqual(
      [],
    );
  });
});

describe('one folder per kind', () => {
  it('every built-in kind has its folder with its descriptor, and every folder of kinds/ is a built-in kind', () => {
    const files = sourceFiles();
    const folders = new Set(files.flatMap((f) => /^kinds\/([^/]+)\//.exec(f)?.[1] ?? []));
    const kinds = BUILT_IN_KINDS.map((d) => d.kind);
    expect([...folders].sort()).toEqual([...kinds].sort());
    expect(kinds.filter((k) => !files.includes(`kinds/${k}/descriptor.ts`))).toEqual([]);
  });

  it("a kind's folder holds only its descriptor, handler, construct, generator, client section, emulator files and private helpers", () => {
    const stray = sourceFiles().filter(
      (f) =>
        f.startsWith('kinds/') &&
        f !== 'kinds/index.ts' &&
        !/^kinds\/[^/]+\/(descriptor|handler|construct|generate|api|private\/[^/]+|emulator\/[^/]+)\.ts$/.test(f),
    );
    expect(stray, 'name a file of a kind folder by its layer (the eslint rules find its layer by that name)').toEqual(
      [],
    );
  });
});

describe('what counts as naming an operation', () => {
  it.each([
    ["call({ operation: 'ListVolumes' })", 'ListVolumes'],
    ['await cloudapi.listFabricVLANs();', 'listFabricVLANs'],
    ["const actions = ['listvolumes'];", ''],
    ['// ListVolumes in a comment', ''],
    ['export function deleteObject() {}', ''],
  ])('%s', (code, expected) => {
    const source = ts.createSourceFile('snippet.ts', code, ts.ScriptTarget.Latest, true);
    const names: string[] = [];
    const visit = (node: ts.Node): void => {
      const name = operationName(node);
      if (name !== undefined && ACTION_KINDS.has(name.toLowerCase())) names.push(name);
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(names.join('|')).toBe(expected);
  });
});
