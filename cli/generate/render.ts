/**
 * Writes a {@link FoundAccount} as a TypeScript program a person would have written: one variable
 * per user, policy and role, constructs referring to each other by those variables (a role's
 * members are the `User` variables, a role tag's roles the `Role` variables), public keys and
 * object content in files beside the program, and passwords as `Secret.fromEnv` placeholders.
 * Pure: returns the text and the files; the command writes them.
 */
import type { FoundAccount, FoundMember } from './model.js';
import { constructId, fileName, literal, NameBook, passwordVariable, variableName } from './identifiers.js';

/** A file to write beside the program, by path relative to it. */
export interface GeneratedFile {
  readonly path: string;
  readonly data: string | Buffer;
}

/** The generated program and everything that goes with it. */
export interface GeneratedProgram {
  /** The program's text (`main.ts`). */
  readonly program: string;
  readonly files: readonly GeneratedFile[];
  /** The environment variables the program's secrets read, one per sub-user password. */
  readonly secrets: readonly { readonly variable: string; readonly login: string }[];
}

/** How to write the program. */
export interface RenderOptions {
  /** The stack name. */
  readonly stack: string;
  /** The module the program imports the constructs from. @default 'triton-iac' */
  readonly importFrom?: string;
  /** When it was read (for the header). */
  readonly generatedAt: string;
  /** Whether the command records the objects in the state (a live account) or not (an rbac.json). */
  readonly stateRecorded: boolean;
  /**
   * Where sub-users' passwords come from: `env`, a `Secret.fromEnv` placeholder per user (listed in
   * {@link GeneratedProgram.secrets}); `generated`, none declared, so a user the program creates gets
   * a random one (what `triton rbac apply` does for a file without passwords).
   */
  readonly passwords: 'env' | 'generated';
}

/** Renders `found` as a program. */
export function renderProgram(found: FoundAccount, opts: RenderOptions): GeneratedProgram {
  const vars = new NameBook();
  const ids = new NameBook();
  const files: GeneratedFile[] = [];
  const secrets: { variable: string; login: string }[] = [];
  const used = new Set<string>(['TritonApp', 'TritonStack']);
  const body: string[] = [];
  const account = found.account;
  const id = (text: string): string => literal(ids.claim(constructId(text)));
  /** The construct id for a named object, and its `name` prop unless the id already is the name. */
  const named = (name: string): { id: string; props: string[] } => {
    const claimed = ids.claim(constructId(name));
    return { id: literal(claimed), props: claimed === name ? [] : [`name: ${literal(name)}`] };
  };
  const fileOf = (dir: string, name: string, data: string | Buffer): string => {
    let path = `${dir}/${name}`;
    for (let n = 2; files.some((f) => f.path === path); n++) path = `${dir}/${n}-${name}`;
    files.push({ path, data });
    return path;
  };

  const userVars = new Map<string, string>();
  const policyVars = new Map<string, string>();
  const roleVars = new Map<string, string>();
  const keyVars = new Map<string, string>();
  const objectVars = new Map<string, string>();
  // A variable is declared only when something refers to it (no unused locals in the program).
  const referenced = new Set<string>();
  const ref = (v: string | undefined): string | undefined => {
    if (v !== undefined) referenced.add(v);
    return v;
  };
  const declare = (v: string): string => `${MARK}${v}${MARK}`;
  const roleRef = (name: string): string => ref(roleVars.get(name)) ?? literal(name);
  const roleList = (names: readonly string[]): string => `[${names.map(roleRef).join(', ')}]`;

  if (found.accountKeys.length > 0) {
    used.add('Key');
    body.push('', "  // The account's own SSH keys (public keys in keys/)");
    for (const k of found.accountKeys) {
      const label = k.name ?? k.fingerprint.replace(/[^0-9a-f]/gi, '').slice(-12);
      const v = vars.claim(variableName(label, 'Key'));
      keyVars.set(k.fingerprint, v);
      const file = fileOf('keys', `${fileName(`account-${label}`)}.pub`, `${k.key}\n`);
      const props = [`keyFile: here(${literal(file)})`, ...(k.name !== undefined ? [`name: ${literal(k.name)}`] : [])];
      body.push(...construct(declare(v), 'Key', id(label), props));
    }
  }

  if (found.users.length > 0) {
    const fromEnv = opts.passwords === 'env';
    used.add('User');
    if (fromEnv) used.add('Secret');
    body.push(
      '',
      ...(fromEnv
        ? [
            '  // Sub-users. Passwords cannot be read back: each comes from the environment variable named,',
            '  // and is set only when that variable is exported (and differs from what the state recorded).',
          ]
        : [
            '  // Sub-users. As with `triton rbac apply`, a user created from here gets a random password',
            "  // (give one with password: Secret.fromEnv('NAME') to set it).",
          ]),
    );
    for (const u of found.users) {
      const v = vars.claim(variableName(u.login));
      userVars.set(u.login.toLowerCase(), v);
      const variable = passwordVariable(u.login);
      if (fromEnv) secrets.push({ variable, login: u.login });
      const props = [
        `login: ${literal(u.login)}`,
        `email: ${literal(u.email)}`,
        ...Object.entries(u.profile).map(([k, val]) => `${k}: ${literal(val)}`),
        ...(fromEnv ? [`password: Secret.fromEnv(${literal(variable)})`] : []),
      ];
      if (u.keys.length > 0) {
        const keys = u.keys.map((k) => {
          const label = k.name ?? k.fingerprint.replace(/[^0-9a-f]/gi, '').slice(-12);
          const file = fileOf('keys', `${fileName(`${u.login}-${label}`)}.pub`, `${k.key}\n`);
          return `{ keyFile: here(${literal(file)})${k.name !== undefined ? `, name: ${literal(k.name)}` : ''} }`;
        });
        props.push(`keys: [${keys.join(', ')}]`);
      }
      body.push(...construct(declare(v), 'User', id(u.login), props));
    }
  }

  if (found.policies.length > 0) {
    used.add('Policy');
    body.push('', '  // Policies');
    for (const p of found.policies) {
      const v = vars.claim(variableName(p.name, 'Policy'));
      policyVars.set(p.name, v);
      const n = named(p.name);
      const props = [
        ...n.props,
        `rules: [${p.rules.map(literal).join(', ')}]`,
        ...(p.description !== undefined ? [`description: ${literal(p.description)}`] : []),
      ];
      body.push(...construct(declare(v), 'Policy', n.id, props));
    }
  }

  if (found.roles.length > 0) {
    used.add('Role');
    body.push('', '  // Roles: default members have the role active without asking for it');
    for (const r of found.roles) roleVars.set(r.name, vars.claim(variableName(r.name, 'Role')));
    const member = (m: FoundMember): string => {
      if (m.type === 'account') return m.login === account ? 'Role.ACCOUNT_OWNER' : `Role.account(${literal(m.login)})`;
      return ref(userVars.get(m.login.toLowerCase())) ?? literal(m.login);
    };
    for (const r of found.roles) {
      const defaults = r.members.filter((m) => m.default).map(member);
      const others = r.members.filter((m) => !m.default).map(member);
      const n = named(r.name);
      const props = [
        ...n.props,
        ...(defaults.length > 0 ? [`defaultMembers: [${defaults.join(', ')}]`] : []),
        ...(others.length > 0 ? [`members: [${others.join(', ')}]`] : []),
        ...(r.policies.length > 0
          ? [`policies: [${r.policies.map((p) => ref(policyVars.get(p)) ?? literal(p)).join(', ')}]`]
          : []),
      ];
      body.push(...construct(declare(roleVars.get(r.name)!), 'Role', n.id, props));
    }
  }

  const keyTags = found.accountKeys.filter((k) => k.roleTags.length > 0);
  if (found.pathTags.length > 0 || keyTags.length > 0) {
    used.add('RoleTag');
    body.push(
      '',
      '  // Role tags. On a user, role, policy or key the tag owns the whole list (exclusive); on a',
      '  // collection or machine it manages the roles listed and leaves any others alone.',
    );
    const prefix = `/${account}/`;
    for (const k of keyTags) {
      const v = ref(keyVars.get(k.fingerprint))!;
      body.push(
        ...construct('', 'RoleTag', id(`tags-${v}`), [
          `resource: ${v}`,
          `roles: ${roleList(k.roleTags)}`,
          'exclusive: true',
        ]),
      );
    }
    for (const t of found.pathTags) {
      const rest = t.path.startsWith(prefix) ? t.path.slice(prefix.length) : t.path;
      const [collection, item] = rest.split('/');
      const target =
        collection === 'users' && item !== undefined
          ? ref(userVars.get(item.toLowerCase()))
          : collection === 'roles' && item !== undefined
            ? ref(roleVars.get(item))
            : collection === 'policies' && item !== undefined
              ? ref(policyVars.get(item))
              : undefined;
      const resource = target ?? literal(`/my/${rest}`);
      const props = [
        `resource: ${resource}`,
        `roles: ${roleList(t.roles)}`,
        ...(target !== undefined ? ['exclusive: true'] : []),
      ];
      body.push(...construct('', 'RoleTag', id(`tags-${rest}`), props));
    }
  }

  const manta = mantaPath(account);
  if (found.directories.length > 0) {
    used.add('Directory');
    body.push('', '  // Manta directories (~~ is the account)');
    for (const d of found.directories) {
      const props = [
        `path: ${literal(manta.tilde(d.path))}`,
        ...(d.roleTags.length > 0 ? [`roleTags: ${roleList(d.roleTags)}`] : []),
      ];
      body.push(...construct('', 'Directory', id(manta.rel(d.path)), props));
    }
  }
  const sources = new Set(found.snaplinks.map((s) => s.source));
  if (found.objects.length > 0) {
    used.add('StorObject');
    body.push('', '  // Manta objects (content downloaded to content/)');
    for (const o of found.objects) {
      const file = fileOf('content', manta.rel(o.path).split('/').map(safeSegment).join('/'), o.content);
      const props = [
        `path: ${literal(manta.tilde(o.path))}`,
        `file: here(${literal(file)})`,
        ...(o.contentType !== 'application/octet-stream' ? [`contentType: ${literal(o.contentType)}`] : []),
        ...(Object.keys(o.headers).length > 0
          ? [
              `headers: { ${Object.entries(o.headers)
                .map(([k, val]) => `${literal(k)}: ${literal(val)}`)
                .join(', ')} }`,
            ]
          : []),
        ...(o.durability !== 2 ? [`durability: ${o.durability}`] : []),
        ...(o.roleTags.length > 0 ? [`roleTags: ${roleList(o.roleTags)}`] : []),
      ];
      let prefix = '';
      if (sources.has(o.path)) {
        const v = vars.claim(variableName(baseName(o.path), 'Object'));
        objectVars.set(o.path, v);
        prefix = declare(v);
      }
      body.push(...construct(prefix, 'StorObject', id(manta.rel(o.path)), props));
    }
  }
  if (found.snaplinks.length > 0) {
    used.add('SnapLink');
    body.push('', '  // Snaplinks');
    for (const s of found.snaplinks) {
      const source = ref(objectVars.get(s.source)) ?? literal(manta.tilde(s.source));
      body.push(
        ...construct('', 'SnapLink', id(manta.rel(s.path)), [
          `path: ${literal(manta.tilde(s.path))}`,
          `source: ${source}`,
        ]),
      );
    }
  }
  if (found.images.length > 0) {
    used.add('Image');
    body.push(
      '',
      '  // Custom images, as look-ups: the machine an image was made from cannot be read back, and',
      '  // `new Image` needs it to make the image again.',
    );
    for (const i of found.images) {
      const props = [`name: ${literal(i.name)}`, `version: ${literal(i.version)}`];
      body.push(...construct('', 'Image.lookup', id(`image-${i.name}-${i.version}`), props));
    }
  }

  const needsHere = files.length > 0;
  const header = headerOf(found, opts, secrets);
  const imports = [...used].sort();
  const program = [
    header,
    ...(needsHere ? ["import { fileURLToPath } from 'node:url';"] : []),
    ...importLines(imports, literal(opts.importFrom ?? 'triton-iac')),
    '',
    ...(needsHere
      ? [
          '/** A path beside this program, so it runs from any working directory. */',
          'const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));',
          '',
        ]
      : []),
    `/** Builds the app: one stack for account ${account}. */`,
    'export default function build(): TritonApp {',
    '  const app = new TritonApp();',
    `  const stack = new TritonStack(app, ${literal(opts.stack)}, { account: ${literal(account)} });`,
    ...body,
    '  return app;',
    '}',
    '',
  ]
    .join('\n')
    .replace(new RegExp(`${MARK}([\\w$]+)${MARK}`, 'g'), (_, v: string) => (referenced.has(v) ? `const ${v} = ` : ''));
  return { program, files, secrets };
}

function headerOf(found: FoundAccount, opts: RenderOptions, secrets: readonly { variable: string }[]): string {
  const lines = [
    `Generated by \`triton-iac generate\` from ${found.source} on ${opts.generatedAt}.`,
    ...(opts.stateRecorded
      ? [
          'Edit it freely: it is an ordinary triton-iac program, and its state was recorded, so the first',
          '`triton-iac plan` shows no changes.',
        ]
      : [
          'Edit it freely: it is an ordinary triton-iac program. The first `triton-iac apply` adopts the',
          'objects the file already made, as they are, and creates the others.',
        ]),
  ];
  if (secrets.length > 0) {
    lines.push('', `Secrets: ${secrets.map((s) => s.variable).join(', ')}.`);
  }
  if (found.skippedObjects.length > 0) {
    lines.push('', 'Manta objects left out (not managed by this program):');
    for (const s of found.skippedObjects) lines.push(`- ${s.path} (${s.size} bytes): ${s.reason}`);
  }
  if (found.notes.length > 0) {
    lines.push('', 'Not read:');
    for (const n of found.notes) lines.push(`- ${n}`);
  }
  return ['/**', ...lines.map((l) => (l === '' ? ' *' : ` * ${l.replace(/\*\//g, '*\\/')}`)), ' */'].join('\n');
}

/** A construct statement (`new Cls(…)`, or a static call such as `Image.lookup(…)`), one prop a line (the layout formatters keep for an object literal). */
function construct(prefix: string, cls: string, id: string, props: readonly string[]): string[] {
  const callee = cls.includes('.') ? cls : `new ${cls}`;
  return [`  ${prefix}${callee}(stack, ${id}, {`, ...props.flatMap((p) => propLines(p, '    ')), '  });'];
}

/** Marks a declaration whose `const x = ` is written only if `x` is referenced. */
const MARK = '\u0001';

/** The width Prettier breaks lines at in this project's settings (and the generated layout). */
const WIDTH = 120;

/** `key: value,` at `indent`, or, when too wide for one line, an array value one element a line. */
function propLines(prop: string, indent: string): string[] {
  const line = `${indent}${prop},`;
  const array = /^([A-Za-z_$][\w$]*): \[(.*)\]$/s.exec(prop);
  if (line.length <= WIDTH || array === null) return [line];
  return [`${indent}${array[1]!}: [`, ...splitTopLevel(array[2]!).map((e) => `${indent}  ${e},`), `${indent}],`];
}

/** The import line, or one name a line when it is too wide. */
function importLines(names: readonly string[], from: string): string[] {
  const line = `import { ${names.join(', ')} } from ${from};`;
  return line.length <= WIDTH ? [line] : ['import {', ...names.map((n) => `  ${n},`), `} from ${from};`];
}

/** Splits `a, f(b, c), 'd, e'` at its top-level commas (quotes and brackets respected). */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === "'") quote = false;
    } else if (c === "'") quote = true;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts.filter((p) => p !== '');
}

/** Manta path forms: `~~/stor/a` for the program, `stor/a` for ids and files. */
function mantaPath(account: string): { tilde(path: string): string; rel(path: string): string } {
  const prefix = `/${account}/`;
  const rel = (path: string): string =>
    path.startsWith(prefix) ? path.slice(prefix.length) : path.replace(/^\/+/, '');
  return { rel, tilde: (path) => `~~/${rel(path)}` };
}

/** A path segment safe as a folder or file name (no `.`/`..`, no separators or control characters). */
function safeSegment(segment: string): string {
  const cleaned = [...segment].map((c) => (c === '\\' || c.charCodeAt(0) < 0x20 ? '_' : c)).join('');
  return cleaned === '.' || cleaned === '..' || cleaned === '' ? '_' : cleaned;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
