/**
 * Benchmark: build and synthesize a 10,000-resource app (run with `npx tsx bench/synth.ts`).
 *
 * The target (issue 5) is under 2 s and under 200 MB for the synth of 10,000 resources. Prints one
 * JSON line of figures; never fails on timing (timing belongs here, not in tests).
 * Optional argument: the resource count (default 10000, rounded to the mix below).
 */
import { generateKeyPairSync } from 'node:crypto';
import sshpk from 'sshpk';
import {
  Directory,
  Job,
  Policy,
  Role,
  RoleTag,
  SnapLink,
  StorObject,
  TritonApp,
  TritonStack,
  User,
  UserKey,
} from '../index.js';

const total = Number(process.argv[2] ?? 10_000);
const unit = Math.max(1, Math.round(total / 40));
// Per unit of 40: 8 users, 8 user keys, 4 policies, 4 roles, 2 role tags, 4 directories, 8 objects, 1 snaplink, 1 job.

function publicKey(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pub = sshpk.parsePrivateKey(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'pem').toPublic();
  pub.comment = 'bench@triton-iac';
  return pub.toString('ssh');
}

const key = publicKey();
const t0 = performance.now();
const app = new TritonApp({ generator: 'bench' });
const stack = new TritonStack(app, 'bench', { account: 'acme' });
for (let u = 0; u < unit; u++) {
  const users: User[] = [];
  for (let i = 0; i < 8; i++) {
    const user = new User(stack, `user-${u}-${i}`, { login: `user${u}x${i}`, email: `user${u}x${i}@acme.example` });
    new UserKey(user, 'key', { user, key });
    users.push(user);
  }
  const policies = [0, 1, 2, 3].map(
    (i) =>
      new Policy(stack, `policy-${u}-${i}`, {
        rules: [`CAN getmachine AND listmachines WHEN sourceip = 10.${u % 256}.${i}.0/24`],
      }),
  );
  const roles = [0, 1, 2, 3].map(
    (i) =>
      new Role(stack, `role-${u}-${i}`, {
        members: users.slice(i, i + 3),
        defaultMembers: [users[i]!],
        policies: [policies[i]!],
      }),
  );
  new RoleTag(stack, `tag-user-${u}`, { resource: users[0]!, roles: [roles[0]!] });
  new RoleTag(stack, `tag-role-${u}`, { resource: roles[1]!, roles: [roles[2]!, 'auditors'] });
  const top = new Directory(stack, `dir-${u}`, { path: `~~/stor/d${u}` });
  const dirs = [
    top,
    ...[0, 1, 2].map(
      (i) => new Directory(stack, `dir-${u}-${i}`, { path: `~~/stor/d${u}/s${i}`, roleTags: [roles[3]!] }),
    ),
  ];
  const objects: StorObject[] = [];
  for (let i = 0; i < 8; i++) {
    const dir = dirs[i % 4]!;
    objects.push(
      new StorObject(stack, `obj-${u}-${i}`, {
        path: `${dir.path}/file-${i}.txt`,
        content: `object ${u}/${i}\n`,
        contentType: 'text/plain',
        headers: { 'm-index': String(i) },
      }),
    );
  }
  new SnapLink(stack, `link-${u}`, { path: `${top.path}/latest.txt`, source: objects[0]! });
  new Job(stack, `job-${u}`, {
    phases: [{ exec: 'wc -l' }, { type: 'reduce', exec: 'paste -sd+ | bc', count: 1 }],
    inputs: objects.slice(0, 4),
    wait: false,
  });
}
const t1 = performance.now();
const manifest = app.synth();
const t2 = performance.now();
const resources = manifest.stacks.reduce((n, s) => n + s.resources.length, 0);
const bytes = Buffer.byteLength(JSON.stringify(manifest));
const mem = process.memoryUsage();
process.stdout.write(
  `${JSON.stringify({
    resources,
    buildMs: Math.round(t1 - t0),
    synthMs: Math.round(t2 - t1),
    totalMs: Math.round(t2 - t0),
    manifestBytes: bytes,
    heapUsedMB: Math.round(mem.heapUsed / 1048576),
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    node: process.version,
  })}\n`,
);
