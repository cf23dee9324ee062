/**
 * An access key's secret file in a rehearsal (`ctx.localOutputsUnder` set): every path resolves
 * under the rehearsal's folder, never to the declared one; what the real path holds is mirrored
 * there without its secret, so the checks a real apply makes answer the same.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HandlerContext } from '../../common/contract/handler.js';
import { AccessKeySecret } from '../cloudapi/access-key-secret.js';
import type { Clients } from './clients.js';
import { destinationOf, destinationProblem, handOver, holdsKey } from './private/secret-handover.js';

const root = mkdtempSync(join(tmpdir(), 'triton-iac-handover-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function contexts(): { project: string; outputs: string; ctx: HandlerContext<Clients> } {
  const project = mkdtempSync(join(root, 'project-'));
  const outputs = join(mkdtempSync(join(root, 'rehearsal-')), 'outputs');
  const ctx = {
    clients: {} as Clients,
    account: 'acme',
    signal: new AbortController().signal,
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined },
    secrets: { resolve: () => undefined },
    contentDir: project,
    localOutputsUnder: outputs,
  } as unknown as HandlerContext<Clients>;
  return { project, outputs, ctx };
}

describe('secret files in a rehearsal', () => {
  it('writes a new key under the rehearsal folder and never at the declared path', async () => {
    const { project, outputs, ctx } = contexts();
    mkdirSync(join(project, 'secrets'));
    const d = destinationOf(ctx, { secretTo: { file: 'secrets/ci.json' } }, 'access key ci');
    expect(d.path.startsWith(outputs)).toBe(true);
    expect(d.path.endsWith(join(project, 'secrets', 'ci.json'))).toBe(true);
    expect(await destinationProblem(ctx, d)).toBeUndefined();
    await handOver(ctx, d, { account: 'acme', accesskeyid: 'k1' }, new AccessKeySecret('tdc_COPY'));
    expect(existsSync(join(project, 'secrets', 'ci.json'))).toBe(false);
    expect(await holdsKey(ctx, d, 'k1')).toBe(true);
  });

  it('mirrors an existing real file as a stand-in naming its key without the secret, and a missing directory as missing', async () => {
    const { project, ctx } = contexts();
    mkdirSync(join(project, 'secrets'));
    const real = join(project, 'secrets', 'old.json');
    const realText = JSON.stringify({ account: 'acme', accesskeyid: 'k0', accesskeysecret: 'tdc_REAL' });
    writeFileSync(real, realText);
    const d = destinationOf(ctx, { secretTo: { file: 'secrets/old.json' } }, 'access key old');
    expect(readFileSync(d.path, 'utf8')).not.toContain('tdc_REAL');
    expect(await holdsKey(ctx, d, 'k0')).toBe(true);
    expect(await destinationProblem(ctx, d)).toBe('the file already exists, and secretTo.overwrite is not set');
    expect(readFileSync(real, 'utf8')).toBe(realText);

    const missing = destinationOf(ctx, { secretTo: { file: 'nowhere/new.json' } }, 'access key new');
    expect(await destinationProblem(ctx, missing)).toMatch(/^its directory .*nowhere does not exist$/);
  });

  it('keeps a symbolic link at the real path a link, so the copy refuses to write through it as the real apply does', async () => {
    const { project, ctx } = contexts();
    symlinkSync(join(project, 'target.json'), join(project, 'link.json'));
    const d = destinationOf(ctx, { secretTo: { file: 'link.json' } }, 'access key link');
    expect(await destinationProblem(ctx, d)).toMatch(/symbolic link/);
  });
});
