/**
 * Issue 41 step 2: moves each kind's descriptor, handler, construct and generator (with their
 * unit tests and the private helpers only the handler or construct uses) into `kinds/<kind>/`, and
 * rewrites every relative import in the repository. Re-runnable on a fresh checkout of main.
 * Temporary: deleted before the final commit.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, posix } from 'node:path';

const KINDS = [
  'access-key',
  'account',
  'account-config',
  'datacenter-lookup',
  'directory',
  'fabric-network',
  'fabric-vlan',
  'firewall-rule',
  'image',
  'image-lookup',
  'instance',
  'instance-snapshot',
  'job',
  'key',
  'network-lookup',
  'object',
  'package-lookup',
  'policy',
  'role',
  'role-tag',
  'snaplink',
  'user',
  'user-access-key',
  'user-key',
  'volume',
];
/** A construct file named otherwise than its kind. */
const CONSTRUCT_FILE: Record<string, string> = { object: 'stor-object' };
/** Private helpers that serve one kind's handler only (the constructs' stay in constructs/private/). */
const PRIVATE_OF: Record<string, string[]> = {
  instance: [
    'provider/handlers/private/instance-cns',
    'provider/handlers/private/instance-defaults',
    'provider/handlers/private/instance-jobs',
    'provider/handlers/private/instance-limits',
    'provider/handlers/private/instance-metadata',
    'provider/handlers/private/instance-nics',
    'provider/handlers/private/instance-rehearsal',
  ],
  object: ['provider/handlers/private/manta-content', 'provider/handlers/private/object-fingerprint'],
  job: ['provider/handlers/private/manta-job-inputs'],
};

const git = (...args: string[]): string => execFileSync('git', args, { encoding: 'utf8' });

/** old path (no extension) -> new path (no extension). */
const moves = new Map<string, string>();
const plan = (from: string, to: string): void => {
  const there = (stem: string): boolean => existsSync(`${stem}.ts`);
  if (!there(from) && !there(to)) return;
  moves.set(from, to);
  if (there(`${from}.test`) || there(`${to}.test`)) moves.set(`${from}.test`, `${to}.test`);
};
for (const k of KINDS) {
  plan(`common/kinds/${k}`, `kinds/${k}/descriptor`);
  plan(`provider/handlers/${k}`, `kinds/${k}/handler`);
  plan(`constructs/${CONSTRUCT_FILE[k] ?? k}`, `kinds/${k}/construct`);
  plan(`provider/generators/${k}`, `kinds/${k}/generate`);
  for (const p of PRIVATE_OF[k] ?? []) plan(p, `kinds/${k}/private/${posix.basename(p)}`);
}

const files = git('ls-files', '*.ts', '*.js', '*.mts')
  .split('\n')
  .filter((f) => f && !f.startsWith('dist/') && existsSync(f));
const newPathOf = (file: string): string => {
  const stem = file.replace(/\.ts$/, '');
  const to = moves.get(stem);
  return to === undefined ? file : `${to}.ts`;
};

// Rewrite first (reading from old places), then move.
const SPEC =
  /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*|\bvi\.importActual(?:<[^>]*>)?\(\s*)(['"])(\.\.?\/[^'"]+)\2/g;
const rewritten = new Map<string, string>();
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const oldDir = posix.dirname(file);
  const newDir = posix.dirname(newPathOf(file));
  if (oldDir === newDir && !/(\.\.?\/)/.test(text)) continue;
  const out = text.replace(SPEC, (all, lead: string, q: string, spec: string) => {
    const m = /^(.*)\.js$/.exec(spec);
    if (!m) return all;
    const target = posix.normalize(posix.join(oldDir, m[1] as string));
    const movedTarget = moves.get(target) ?? target;
    if (movedTarget === target && oldDir === newDir) return all;
    let rel = posix.relative(newDir, movedTarget);
    if (!rel.startsWith('.')) rel = `./${rel}`;
    return `${lead}${q}${rel}.js${q}`;
  });
  if (out !== text) rewritten.set(file, out);
}
for (const [file, text] of rewritten) writeFileSync(file, text);
let moved = 0;
for (const [from, to] of moves) {
  if (!existsSync(`${from}.ts`)) continue;
  mkdirSync(dirname(`${to}.ts`), { recursive: true });
  git('mv', `${from}.ts`, `${to}.ts`);
  moved += 1;
}

// Paths named in prose (TSDoc, comments, READMEs, docs): the moved files, and the generic forms.
const named: [RegExp, string][] = [
  ...[...moves].map(([from, to]): [RegExp, string] => [
    new RegExp(`(?<![\\w/.-])${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.ts\\b`, 'g'),
    `${to}.ts`,
  ]),
  [/(?<![\w/.-])common\/kinds\/<kind>\.ts/g, 'kinds/<kind>/descriptor.ts'],
  [/(?<![\w/.-])provider\/handlers\/<kind>\.ts/g, 'kinds/<kind>/handler.ts'],
  [/(?<![\w/.-])provider\/generators\/<kind>\.ts/g, 'kinds/<kind>/generate.ts'],
  [/(?<![\w/.-])constructs\/<kind>\.ts/g, 'kinds/<kind>/construct.ts'],
];
let prose = 0;
for (const file of git('ls-files', '*.ts', '*.md').split('\n')) {
  if (!file || file === 'docs/adding-a-kind.md' || !existsSync(file)) continue;
  const text = readFileSync(file, 'utf8');
  const out = named.reduce((t, [re, to]) => t.replace(re, to), text);
  if (out !== text) {
    writeFileSync(file, out);
    prose += 1;
  }
}
// Longer specifiers can pass the line width: format what was rewritten.
const touched = [...rewritten.keys()].map(newPathOf).filter((f) => existsSync(f));
if (touched.length > 0)
  execFileSync('npx', ['prettier', '--write', '--log-level=warn', ...touched], { stdio: 'inherit' });
console.log(`moved ${moved} files, rewrote imports in ${rewritten.size}, paths in prose in ${prose}`);
for (const tsconfig of ['tsconfig.json', 'tsconfig.build.json']) {
  const text = readFileSync(tsconfig, 'utf8');
  if (!text.includes('"kinds"')) writeFileSync(tsconfig, text.replace('"constructs",', '"constructs", "kinds",'));
}
