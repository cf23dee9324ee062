/**
 * A Manta layout: a directory tree, objects (inline and from files), a snaplink that always points
 * at the newest report, and a map-reduce job whose map phase runs a script shipped as an asset.
 *
 * Apply it against the embedded emulator with:
 *   npx triton-iac apply --emulator --auto-approve examples/manta-layout/main.ts
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Directory, Job, Role, SnapLink, StorObject, TritonApp, TritonStack } from '../../index.js';

/** A path beside this program: joined as a name, never read as a URL (`#`, `?` and `%41` stay as they are). */
const here = (path: string): string => join(dirname(fileURLToPath(import.meta.url)), path);

/** Builds the layout for `account` (default `acme`). */
export default function build(account = 'acme'): TritonApp {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'manta-layout', { account });

  // Readers of the logs get a role; the directory and its objects carry it as a role tag.
  const readers = new Role(stack, 'log-readers', { members: [Role.ACCOUNT_OWNER] });

  new Directory(stack, 'logs', { path: '~~/stor/logs', roleTags: [readers] });
  new Directory(stack, 'logs-2026', { path: '~~/stor/logs/2026' });
  new Directory(stack, 'reports', { path: '~~/public/reports' });
  new Directory(stack, 'tools', { path: '~~/stor/tools' });

  const day1 = new StorObject(stack, 'access-log-1', {
    path: '~~/stor/logs/2026/11-20.log',
    file: here('./data/11-20.log'),
    contentType: 'text/plain',
    roleTags: [readers],
  });
  const day2 = new StorObject(stack, 'access-log-2', {
    path: '~~/stor/logs/2026/11-21.log',
    file: here('./data/11-21.log'),
    contentType: 'text/plain',
    roleTags: [readers],
  });
  const report = new StorObject(stack, 'report-2026-11', {
    path: '~~/public/reports/2026-11.txt',
    content: 'November 2026: two days of access logs, counted by the status-count job.\n',
    contentType: 'text/plain',
    headers: { 'm-period': '2026-11' },
  });
  new SnapLink(stack, 'latest-report', { path: '~~/public/reports/latest.txt', source: report });

  // The map script is an asset: each map task finds it under /assets/<path>.
  const script = new StorObject(stack, 'status-count-script', {
    path: '~~/stor/tools/status-count.sh',
    content: "#!/bin/sh\n# Prints one HTTP status code per line of an access log.\nawk '{ print $9 }'\n",
    contentType: 'text/x-shellscript',
  });

  new Job(stack, 'status-count', {
    phases: [
      { type: 'map', exec: `sh /assets/${account}/stor/tools/status-count.sh`, assets: [script] },
      { type: 'reduce', exec: 'sort | uniq -c | sort -rn', count: 1 },
    ],
    inputs: [day1, day2],
    wait: true,
  });

  return app;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stdout.write(`${JSON.stringify(build().synth(), null, 2)}\n`);
}
