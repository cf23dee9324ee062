/**
 * The benchmark inputs, written to disk so both tools read the same thing: an RBAC set as a
 * `triton rbac apply` file (which triton-iac also applies directly), a Manta tree as a local
 * directory (for `msync`/`mput`) and as a synthesized manifest (for triton-iac), and one large file.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import sshpk from 'sshpk';
import { Directory, StorObject, TritonApp, TritonStack } from '../../index.js';

/** How an RBAC set of `n` objects is made up: per 10, 4 users, 4 user keys, 1 policy, 1 role. */
export function rbacMix(n: number): { users: number; keys: number; policies: number; roles: number } {
  const units = Math.max(1, Math.round(n / 10));
  return { users: 4 * units, keys: 4 * units, policies: units, roles: units };
}

function publicKey(comment: string): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pub = sshpk.parsePrivateKey(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'pem').toPublic();
  pub.comment = comment;
  return pub.toString('ssh').trim();
}

/**
 * Writes `rbac.json` and `rbac-user-keys/<login>.pub` (the layout `triton rbac apply` reads by
 * default) into `dir`. Each role has its unit's four users as members and its policy.
 * @returns the logins, for out-of-band changes.
 */
export function writeRbacSet(dir: string, n: number): { logins: string[] } {
  const mix = rbacMix(n);
  const keysDir = join(dir, 'rbac-user-keys');
  mkdirSync(keysDir, { recursive: true });
  const users: object[] = [];
  const roles: object[] = [];
  const policies: object[] = [];
  const logins: string[] = [];
  for (let u = 0; u < mix.roles; u++) {
    const unit: string[] = [];
    for (let i = 0; i < 4; i++) {
      const login = `bu${u}x${i}`;
      unit.push(login);
      logins.push(login);
      users.push({ login, email: `${login}@acme.example`, firstName: 'Bench', lastName: `User ${u}-${i}` });
      writeFileSync(join(keysDir, `${login}.pub`), `${publicKey(`${login}@bench`)}\n`);
    }
    policies.push({
      name: `bp${u}`,
      description: `bench policy ${u}`,
      rules: [`CAN getmachine AND listmachines WHEN sourceip = 10.${u % 256}.0.0/16`],
    });
    roles.push({ name: `br${u}`, members: unit, policies: [`bp${u}`] });
  }
  writeFileSync(join(dir, 'rbac.json'), `${JSON.stringify({ users, roles, policies }, null, 2)}\n`);
  return { logins };
}

/** Object `i` of a tree of `n`: 100 objects per directory. */
function treePath(i: number): { dir: string; name: string } {
  return { dir: `d${String(Math.floor(i / 100)).padStart(2, '0')}`, name: `file-${String(i).padStart(4, '0')}.txt` };
}

/**
 * Writes a tree of `n` small objects to `dir/tree/` (for the vendor tools) and the same tree as a
 * triton-iac manifest `dir/tree.manifest.json` (directories and objects under `~~/stor/tree`).
 */
export function writeTree(
  dir: string,
  n: number,
): { localRoot: string; manifest: string; files: { local: string; remote: string }[] } {
  const localRoot = join(dir, 'tree');
  const app = new TritonApp({ generator: 'triton-iac bench' });
  const stack = new TritonStack(app, 'tree', { account: 'acme' });
  new Directory(stack, 'root', { path: '~~/stor/tree' });
  const made = new Set<string>();
  const files: { local: string; remote: string }[] = [];
  for (let i = 0; i < n; i++) {
    const p = treePath(i);
    if (!made.has(p.dir)) {
      made.add(p.dir);
      mkdirSync(join(localRoot, p.dir), { recursive: true });
      new Directory(stack, `dir-${p.dir}`, { path: `~~/stor/tree/${p.dir}` });
    }
    const content = `object ${i} of the bench tree\n`;
    writeFileSync(join(localRoot, p.dir, p.name), content);
    new StorObject(stack, `obj-${i}`, { path: `~~/stor/tree/${p.dir}/${p.name}`, content, contentType: 'text/plain' });
    files.push({ local: join(localRoot, p.dir, p.name), remote: `/acme/stor/tree/${p.dir}/${p.name}` });
  }
  const manifest = join(dir, 'tree.manifest.json');
  writeFileSync(manifest, JSON.stringify(app.synth()));
  return { localRoot, manifest, files };
}

/**
 * Writes a file of `mb` MiB (a random MiB repeated, so the upload is not trivially compressible)
 * and a triton-iac manifest `big.manifest.json` uploading it to `~~/stor/big.bin` (the handler
 * goes multipart at 64 MiB and above).
 */
export function writeBigObject(dir: string, mb: number): { file: string; manifest: string } {
  const file = join(dir, 'big.bin');
  const block = randomBytes(1024 * 1024);
  const fd = openSync(file, 'w');
  for (let i = 0; i < mb; i++) writeSync(fd, block);
  closeSync(fd);
  const cwd = process.cwd();
  // The construct computes the file's MD5 at synth and records the path relative to the working directory.
  process.chdir(dir);
  try {
    const app = new TritonApp({ generator: 'triton-iac bench' });
    const stack = new TritonStack(app, 'big', { account: 'acme' });
    new StorObject(stack, 'big', { path: '~~/stor/big.bin', file: 'big.bin' });
    const manifest = join(dir, 'big.manifest.json');
    writeFileSync(manifest, JSON.stringify(app.synth()));
    return { file, manifest };
  } finally {
    process.chdir(cwd);
  }
}
