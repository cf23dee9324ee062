import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Role, StorTree, type StorTreeProps } from '../../index.js';
import { newStack, resource } from './support.js';

/** A folder holding `files` (relative path to content), as a path relative to the working directory. */
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'stor-tree-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return relative(process.cwd(), dir);
}

function synthTree(props: Partial<StorTreeProps> & { source: string }) {
  const { app, stack } = newStack();
  const readers = new Role(stack, 'readers', {});
  new StorTree(stack, 'site', { path: '~~/public/site', ...props });
  return { manifest: app.synth(), readers };
}

describe('StorTree and symbolic links', () => {
  it('uploads a link to a file inside the folder, and refuses one to a file outside it, naming both', () => {
    const outside = mkdtempSync(join(tmpdir(), 'stor-tree-outside-'));
    writeFileSync(join(outside, 'id_rsa'), 'PRIVATE KEY');
    const inner = folder({ 'index.html': 'hi', 'assets/logo.png': 'png' });
    symlinkSync(join(process.cwd(), inner, 'assets/logo.png'), join(inner, 'logo.png'));
    const { manifest } = synthTree({ source: inner });
    expect(resource(manifest, 'prod/site/logo.png').properties.size).toBe(3);

    symlinkSync(join(outside, 'id_rsa'), join(inner, 'leak.txt'));
    const target = realpathSync(join(outside, 'id_rsa'));
    expect(() => synthTree({ source: inner })).toThrow(
      `prod/site: source "${inner}": ${inner}/leak.txt is a symbolic link to ${target}, outside the folder and the project directory: a tree uploads only files inside them (copy the file in, or exclude the link)`,
    );
    // Excluded, the link is not read at all.
    expect(() => synthTree({ source: inner, exclude: ['leak.txt'] })).not.toThrow();
  });
});

describe('StorTree', () => {
  const source = folder({
    'index.html': '<h1>hi</h1>',
    'css/site.css': 'body{}',
    'img/logo.PNG': 'png',
    'notes.md': '# n',
    'drafts/wip.html': 'wip',
    'data.bin': 'bytes',
  });

  it('declares a directory per folder and an object per file, addressed like the files, each read from disk', () => {
    const { manifest } = synthTree({ source, exclude: ['drafts'] });
    const addresses = manifest.stacks[0]!.resources.map((r) => r.address).filter((a) => a.startsWith('prod/site'));
    expect(addresses).toEqual([
      'prod/site/.',
      'prod/site/css',
      'prod/site/css/site.css',
      'prod/site/data.bin',
      'prod/site/img',
      'prod/site/img/logo.PNG',
      'prod/site/index.html',
      'prod/site/notes.md',
    ]);
    const css = resource(manifest, 'prod/site/css/site.css');
    expect(css.naturalKey).toBe('/acme/public/site/css/site.css');
    expect(css.properties.content).toEqual({ file: `${source}/css/site.css` });
    expect(css.properties.size).toBe(6);
    expect(css.dependsOn).toEqual(['prod/site/.', 'prod/site/css']);
    expect(css.options).toEqual({ retainOnDelete: true });
    expect(manifest.stacks[0]!.prune).toBeUndefined();
  });

  it('types files by extension, case-insensitively, with overrides, and octet-stream for the unknown', () => {
    const { manifest } = synthTree({ source, contentTypes: { '.md': 'text/markdown; charset=utf-8' } });
    const type = (a: string): unknown => resource(manifest, `prod/site/${a}`).properties.contentType;
    expect(type('index.html')).toBe('text/html');
    expect(type('img/logo.PNG')).toBe('image/png');
    expect(type('notes.md')).toBe('text/markdown; charset=utf-8');
    expect(type('data.bin')).toBe('application/octet-stream');
  });

  it('applies headers and role tags to all files, and rules by pattern on top, in order', () => {
    const { manifest } = synthTree({
      source,
      headers: { 'Cache-Control': 'max-age=60' },
      roleTags: ['auditors'],
      rules: [
        { match: 'img/**', roleTags: ['readers'], headers: { 'cache-control': 'max-age=3600' }, durability: 3 },
        { match: ['*.html', '*.css'], contentType: 'text/plain', headers: { 'm-kind': 'page' } },
      ],
    });
    const logo = resource(manifest, 'prod/site/img/logo.PNG').properties;
    expect(logo.headers).toEqual({ 'cache-control': 'max-age=3600' });
    expect(logo.roleTags).toEqual(['auditors', 'readers']);
    expect(logo.durability).toBe(3);
    const index = resource(manifest, 'prod/site/index.html').properties;
    expect(index.headers).toEqual({ 'cache-control': 'max-age=60', 'm-kind': 'page' });
    expect(index.contentType).toBe('text/plain');
    expect(index.durability).toBe(2);
    expect(resource(manifest, 'prod/site/css').properties.roleTags).toEqual(['auditors']);
  });

  it('keeps only included files, and creates no directory for a folder left empty', () => {
    const { manifest } = synthTree({ source, include: ['*.html'], exclude: ['drafts/**'] });
    const addresses = manifest.stacks[0]!.resources.map((r) => r.address).filter((a) => a.startsWith('prod/site'));
    expect(addresses).toEqual(['prod/site/.', 'prod/site/index.html']);
  });

  it('with delete: true, names its directory for pruning and retains nothing', () => {
    const { manifest } = synthTree({ source, delete: true });
    expect(manifest.stacks[0]!.prune).toEqual(['/acme/public/site']);
    expect(resource(manifest, 'prod/site/index.html').options).toBeUndefined();
  });

  it('refuses bad input naming the field, the value and the rule', () => {
    const refuse = (props: Partial<StorTreeProps>, message: string): void => {
      const { stack } = newStack();
      expect(() => new StorTree(stack, 'site', { source, path: '~~/stor/site', ...props } as StorTreeProps)).toThrow(
        message,
      );
    };
    refuse({ source: 'no/such/folder' }, 'prod/site: source "no/such/folder": cannot be read (ENOENT)');
    refuse({ exclude: ['*.{a'] }, 'prod/site: exclude[0] "*.{a": has a "{" without its "}"');
    refuse({ contentTypes: { md: 'text/markdown' } }, 'contentTypes["md"] "md": must be an extension with its dot');
    refuse({ path: '~~/stor' }, 'must be below /acme/stor or /acme/public');
    refuse({ delete: 'yes' as never }, 'prod/site: delete "yes": must be true or false');
    refuse({ durability: 0 }, 'durability');
    refuse({ rules: [{ match: [] }] }, 'rules[0].match');
    refuse({ sources: 'x' } as never, 'prod/site: prop "sources": StorTree has no such prop');
  });
});
