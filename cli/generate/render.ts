/**
 * Writes a {@link FoundAccount} as a TypeScript program a person would have written: one variable
 * per user, policy and role, constructs referring to each other by those variables (a role's
 * members are the `User` variables, a role tag's roles the `Role` variables), public keys and
 * object content in files beside the program, and passwords as `Secret.fromEnv` placeholders.
 * Pure: returns the text and the files; the command writes them.
 */
import type { KindGenerator, ProgramWriter } from '../../provider/generators/types.js';
import type { FoundAccount } from './model.js';
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

/** Renders `found` as a program: each generator writes its items, in the generators' order. */
export function renderProgram(
  found: FoundAccount,
  generators: readonly KindGenerator[],
  opts: RenderOptions,
): GeneratedProgram {
  const vars = new NameBook();
  const ids = new NameBook();
  const files: GeneratedFile[] = [];
  const secrets: { variable: string; login: string }[] = [];
  const used = new Set<string>(['TritonApp', 'TritonStack']);
  const body: string[] = [];
  const byKey = new Map<string, string>();
  const byPath = new Map<string, string>();
  // A variable is declared only when something refers to it (no unused locals in the program).
  const referenced = new Set<string>();
  const mark = (v: string | undefined): string | undefined => {
    if (v === undefined) return undefined;
    const name = /^[\w$]+/.exec(v)![0];
    referenced.add(name);
    return v;
  };
  const w: ProgramWriter = {
    account: found.account,
    passwords: opts.passwords,
    section: (...comment) => void body.push('', ...comment.map((c) => `  // ${c}`)),
    construct(cls, idText, props, declares) {
      const root = cls.split('.')[0]!;
      used.add(root);
      let prefix = '';
      if (declares !== undefined) {
        const v = vars.claim(variableName(declares.from, declares.suffix ?? ''));
        const refText = declares.attribute !== undefined ? `${v}.${declares.attribute}` : v;
        byKey.set(`${declares.kind}\u0000${declares.key}`, refText);
        if (declares.taggedPath !== undefined) byPath.set(declares.taggedPath, v);
        prefix = `${MARK}${v}${MARK}`;
      }
      const callee = cls.includes('.') ? cls : `new ${cls}`;
      const claimed = ids.claim(constructId(idText));
      const written = typeof props === 'function' ? props(claimed) : props;
      body.push(
        `  ${prefix}${callee}(stack, ${literal(claimed)}, {`,
        ...written.flatMap((p) => propLines(p, '    ')),
        '  });',
      );
    },
    ref: (kind, key) => mark(byKey.get(`${kind}\u0000${key}`)),
    refByPath: (path) => mark(byPath.get(path)),
    literal,
    value: valueText,
    file(dir, name, data) {
      let path = `${dir}/${name}`;
      for (let n = 2; files.some((f) => f.path === path); n++) path = `${dir}/${n}-${name}`;
      files.push({ path, data });
      return `here(${literal(path)})`;
    },
    passwordOf(login) {
      const variable = passwordVariable(login);
      secrets.push({ variable, login });
      used.add('Secret');
      return `Secret.fromEnv(${literal(variable)})`;
    },
    use: (name) => void used.add(name),
    fileName,
  };
  for (const g of [...generators].sort((a, b) => a.order - b.order)) {
    const items = found.items.filter((i) => g.kinds.includes(i.kind));
    if (items.length > 0) g.render(items, w);
  }

  const needsHere = files.length > 0;
  const header = headerOf(found, opts, secrets);
  const imports = [...used].sort();
  const program = [
    header,
    ...(needsHere ? ["import { dirname, join } from 'node:path';", "import { fileURLToPath } from 'node:url';"] : []),
    ...importLines(imports, literal(opts.importFrom ?? 'triton-iac')),
    '',
    ...(needsHere
      ? [
          '/** A path beside this program, so it runs from any working directory: joined as a name, never read as a URL. */',
          'const here = (path: string): string => join(dirname(fileURLToPath(import.meta.url)), path);',
          '',
        ]
      : []),
    `/** Builds the app: one stack for account ${found.account.replace(/\*\//g, '*\\/')}. */`,
    'export default function build(): TritonApp {',
    '  const app = new TritonApp();',
    `  const stack = new TritonStack(app, ${literal(opts.stack)}, { account: ${literal(found.account)} });`,
    ...body,
    '  return app;',
    '}',
    '',
  ]
    .join('\n')
    .replace(new RegExp(`${MARK}([\\w$]+)${MARK}`, 'g'), (_, v: string) => (referenced.has(v) ? `const ${v} = ` : ''));
  return { program, files, secrets };
}

/** Any JSON value as a TypeScript expression, in the layout Prettier keeps. */
function valueText(value: unknown): string {
  if (typeof value === 'string') return literal(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return 'undefined';
  if (Array.isArray(value)) return `[${value.map(valueText).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{ ${entries.map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : literal(k)}: ${valueText(v)}`).join(', ')} }`;
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
