import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Directory, Job, Role, SnapLink, StorObject } from '../../index.js';
import { newStack, resource } from './support.js';

const md5 = (b: Buffer | string): string => createHash('md5').update(b).digest('base64');

describe('directories', () => {
  it('GIVEN a directory tree declared children first WHEN synthesized THEN ~~ is expanded and each directory depends on every declared ancestor', () => {
    const { app, stack } = newStack();
    new Directory(stack, 'c', { path: '~~/stor/a/b/c' });
    new Directory(stack, 'a', { path: '~~/stor/a' });
    new Directory(stack, 'b', { path: '/acme/stor/a/b' });
    const m = app.synth();
    expect(resource(m, 'prod/c')).toEqual({
      address: 'prod/c',
      kind: 'directory',
      naturalKey: '/acme/stor/a/b/c',
      properties: { path: '/acme/stor/a/b/c' },
      dependsOn: ['prod/a', 'prod/b'],
    });
    expect(resource(m, 'prod/a').dependsOn).toEqual([]);
  });

  it('GIVEN a directory with role tags as a Role and a name WHEN synthesized THEN roleTags is sorted and the role is a dependency', () => {
    const { app, stack } = newStack();
    const readers = new Role(stack, 'readers', {});
    new Directory(stack, 'pub', { path: '/acme/public/docs', roleTags: [readers, 'auditors'] });
    const r = resource(app.synth(), 'prod/pub');
    expect(r.properties).toEqual({ path: '/acme/public/docs', roleTags: ['auditors', 'readers'] });
    expect(r.dependsOn).toEqual(['prod/readers']);
  });
});

describe('objects', () => {
  it('GIVEN an object from a string WHEN synthesized THEN content is inline text with its md5, size, defaults and parent dependency', () => {
    const { app, stack } = newStack();
    new Directory(stack, 'site', { path: '~~/stor/site' });
    new StorObject(stack, 'index', {
      path: '~~/stor/site/index.html',
      content: '<h1>héllo</h1>',
      contentType: 'text/html',
    });
    const r = resource(app.synth(), 'prod/index');
    expect(r).toEqual({
      address: 'prod/index',
      kind: 'object',
      naturalKey: '/acme/stor/site/index.html',
      properties: {
        path: '/acme/stor/site/index.html',
        content: { text: '<h1>héllo</h1>' },
        md5: md5('<h1>héllo</h1>'),
        size: Buffer.byteLength('<h1>héllo</h1>'),
        contentType: 'text/html',
        headers: {},
        durability: 2,
        roleTags: [],
      },
      dependsOn: ['prod/site'],
    });
  });

  it('GIVEN an object from a Buffer with headers, durability and role tags WHEN synthesized THEN content is base64 and header names are lower-cased', () => {
    const { app, stack } = newStack();
    const bytes = Buffer.from([0, 1, 2, 250, 251]);
    new StorObject(stack, 'blob', {
      path: '/acme/stor/blob.bin',
      content: bytes,
      headers: { 'M-Owner': 'ops', 'Access-Control-Allow-Origin': '*' },
      durability: 3,
      roleTags: ['readers'],
    });
    expect(resource(app.synth(), 'prod/blob').properties).toMatchObject({
      content: { base64: bytes.toString('base64') },
      md5: md5(bytes),
      size: 5,
      contentType: 'application/octet-stream',
      headers: { 'access-control-allow-origin': '*', 'm-owner': 'ops' },
      durability: 3,
      roleTags: ['readers'],
    });
  });

  it('GIVEN an object from a file WHEN synthesized THEN the manifest references the file relative to the working directory with md5 and size, not its bytes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'triton-iac-obj-'));
    const file = join(dir, 'big.dat');
    const data = Buffer.alloc(3 * 1024 * 1024, 7);
    writeFileSync(file, data);
    const { app, stack } = newStack();
    new StorObject(stack, 'big', { path: '/acme/stor/big.dat', file });
    const p = resource(app.synth(), 'prod/big').properties;
    expect(p.content).toEqual({ file: relative(process.cwd(), file).split('\\').join('/') });
    expect(p.md5).toBe(md5(data));
    expect(p.size).toBe(data.length);
  });
});

describe('snaplinks', () => {
  it('GIVEN a snaplink to a StorObject WHEN synthesized THEN it records both paths and depends on the object', () => {
    const { app, stack } = newStack();
    const o = new StorObject(stack, 'v1', { path: '/acme/stor/releases/v1.tgz', content: 'x' });
    new SnapLink(stack, 'latest', { path: '/acme/stor/latest.tgz', source: o });
    expect(resource(app.synth(), 'prod/latest')).toEqual({
      address: 'prod/latest',
      kind: 'snaplink',
      naturalKey: '/acme/stor/latest.tgz',
      properties: { path: '/acme/stor/latest.tgz', source: '/acme/stor/releases/v1.tgz' },
      dependsOn: ['prod/v1'],
    });
  });

  it('GIVEN a snaplink to a path of a managed object WHEN synthesized THEN the object is still a dependency', () => {
    const { app, stack } = newStack();
    new StorObject(stack, 'v1', { path: '/acme/stor/v1.tgz', content: 'x' });
    new SnapLink(stack, 'latest', { path: '/acme/stor/latest.tgz', source: '~~/stor/v1.tgz' });
    expect(resource(app.synth(), 'prod/latest').dependsOn).toEqual(['prod/v1']);
  });
});

describe('jobs', () => {
  it('GIVEN a two-phase job with assets and inputs as objects and paths WHEN synthesized THEN phases are explicit, paths canonical and managed objects dependencies', () => {
    const { app, stack } = newStack();
    const script = new StorObject(stack, 'script', { path: '/acme/stor/bin/count.sh', content: 'wc -l' });
    const log = new StorObject(stack, 'log', { path: '/acme/stor/logs/a.log', content: 'a\nb\n' });
    new Job(stack, 'count', {
      phases: [
        { exec: 'sh /assets/acme/stor/bin/count.sh', assets: [script], memory: 1024 },
        { type: 'reduce', exec: 'awk "{s+=$1} END {print s}"', count: 2, disk: 16, init: 'true' },
      ],
      inputs: [log, '~~/stor/logs/unmanaged.log'],
      wait: false,
    });
    expect(resource(app.synth(), 'prod/count')).toEqual({
      address: 'prod/count',
      kind: 'job',
      naturalKey: 'count',
      properties: {
        name: 'count',
        phases: [
          { type: 'map', exec: 'sh /assets/acme/stor/bin/count.sh', assets: ['/acme/stor/bin/count.sh'], memory: 1024 },
          { type: 'reduce', exec: 'awk "{s+=$1} END {print s}"', count: 2, disk: 16, init: 'true' },
        ],
        inputs: ['/acme/stor/logs/a.log', '/acme/stor/logs/unmanaged.log'],
        wait: false,
      },
      dependsOn: ['prod/log', 'prod/script'],
    });
  });

  it("GIVEN a job fed by another job's outputs WHEN synthesized THEN the input is a $ref known after apply and the jobs are ordered", () => {
    const { app, stack } = newStack();
    const first = new Job(stack, 'first', { phases: [{ exec: 'cat' }], inputs: ['/acme/stor/in.txt'] });
    new Job(stack, 'second', { phases: [{ exec: 'wc -l' }], inputs: [first.outputs] });
    const r = resource(app.synth(), 'prod/second');
    expect(r.properties.inputs).toEqual([{ $ref: { address: 'prod/first', attribute: 'outputs' } }]);
    expect(r.properties.wait).toBe(true);
    expect(r.dependsOn).toEqual(['prod/first']);
  });
});
