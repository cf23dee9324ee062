/**
 * Every job-backed CloudAPI operation as a job of the timing profile (`fast` here), on an emulator
 * clock the test moves: what the real services show while the job runs, and after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';

let t: TestEmulator;
// The clock starts at the real time (signed dates are checked against it) and moves by hand.
let now = Date.now();
const EXTERNAL = '9ec60129-9034-47b4-b111-3026f9b1a10f';

beforeAll(async () => {
  t = await startTestEmulator({ clock: () => now });
});
afterAll(async () => {
  await t.close();
});

interface Machine {
  id: string;
  name: string;
  state: string;
  package: string;
  memory: number;
}

async function machine(name: string): Promise<Machine> {
  const list = (await t.api('GET', `/my/machines?name=${name}`)).body as Machine[];
  return list[0]!;
}

const actions = async (id: string): Promise<string[]> =>
  ((await t.api('GET', `/my/machines/${id}/audit`)).body as { action: string }[]).map((a) => a.action);

describe('jobs in the emulated CloudAPI (VMAPI workflows, VOLAPI and IMGAPI jobs)', () => {
  it('shows a stop as stopping until its job ends, then lists it in MachineAudit with the caller', async () => {
    const web = await machine('web-1');
    expect((await t.api('POST', `/my/machines/${web.id}?action=stop`)).status).toBe(202);
    expect((await t.api('GET', `/my/machines/${web.id}`)).body).toMatchObject({ state: 'stopping' });
    expect(await actions(web.id)).not.toContain('stop');
    now += 30;
    expect((await t.api('GET', `/my/machines/${web.id}`)).body).toMatchObject({ state: 'stopped' });
    const [record] = (await t.api('GET', `/my/machines/${web.id}/audit`)).body as Record<string, unknown>[];
    expect(record).toMatchObject({
      action: 'stop',
      success: 'yes',
      caller: { type: 'signature', ip: '127.0.0.1', keyId: t.owner.keyId },
    });
  });

  it('runs a machine’s jobs one after the other, each changing the machine when it ends, under CloudAPI’s action names', async () => {
    const web = await machine('web-1');
    for (const body of [
      { action: 'start' },
      { action: 'rename', name: 'web-one' },
      { action: 'resize', package: 'g4-general-4G' },
      { action: 'enable_firewall' },
    ])
      expect((await t.api('POST', `/my/machines/${web.id}`, body)).status).toBe(202);
    const seen = (await t.api('GET', `/my/machines/${web.id}`)).body as Machine;
    expect([seen.state, seen.name, seen.package]).toEqual(['stopped', 'web-1', 'g4-highcpu-1G']);
    now += 30; // the start
    expect((await t.api('GET', `/my/machines/${web.id}`)).body).toMatchObject({ state: 'running', name: 'web-1' });
    now += 20 + 30 + 20; // the rename, the resize, the firewall update
    expect((await t.api('GET', `/my/machines/${web.id}`)).body).toMatchObject({
      name: 'web-one',
      package: 'g4-general-4G',
      memory: 4096,
      firewall_enabled: true,
    });
    // sdc-cloudapi lib/audit.js translateAction: a plain VMAPI update (the firewall) is `unknown`.
    expect((await actions(web.id)).slice(0, 5)).toEqual(['unknown', 'resize', 'rename', 'start', 'stop']);
  });

  it('keeps a deleted machine listed until its destroy job ends, then answers 410 with it deleted and lists it as a tombstone', async () => {
    const web = await machine('web-2');
    expect((await t.api('DELETE', `/my/machines/${web.id}`)).status).toBe(204);
    expect((await t.api('DELETE', `/my/machines/${web.id}`)).status).toBe(204);
    expect((await t.api('GET', `/my/machines/${web.id}`)).body).toMatchObject({ state: 'running' });
    expect(((await t.api('GET', '/my/machines')).body as Machine[]).map((m) => m.name)).toContain('web-2');
    now += 60;
    const gone = await t.api('GET', `/my/machines/${web.id}`);
    expect([gone.status, (gone.body as Machine).state]).toEqual([410, 'deleted']);
    expect(((await t.api('GET', '/my/machines')).body as Machine[]).map((m) => m.name)).not.toContain('web-2');
    expect(((await t.api('GET', '/my/machines?tombstone=true')).body as Machine[]).map((m) => m.id)).toContain(web.id);
    expect((await actions(web.id))[0]).toBe('destroy');
  });

  it('releases a removed NIC when its job starts, so a NIC on the same network is added at once, before the removal ends', async () => {
    const web = await machine('web-one');
    const added = await t.api('POST', `/my/machines/${web.id}/nics`, { network: EXTERNAL });
    expect(added.body).toMatchObject({ state: 'provisioning', network: EXTERNAL });
    const mac = (added.body as { mac: string; ip: string }).mac.replace(/:/g, '');
    now += 100;
    expect((await t.api('GET', `/my/machines/${web.id}/nics/${mac}`)).body).toMatchObject({ state: 'running' });
    expect((await t.api('DELETE', `/my/machines/${web.id}/nics/${mac}`)).status).toBe(204);
    expect((await t.api('GET', `/my/machines/${web.id}/nics/${mac}`)).status).toBe(200);
    const again = await t.api('POST', `/my/machines/${web.id}/nics`, { network: EXTERNAL });
    expect(again.status).toBe(201);
    // NAPI freed the address at the job's `napi.remove_nics` step: the new NIC may take it.
    expect((again.body as { ip: string }).ip).toBe((added.body as { ip: string }).ip);
    now += 100; // the removal (the add queued behind it ends later)
    expect((await t.api('GET', `/my/machines/${web.id}/nics/${mac}`)).status).toBe(404);
    now += 100;
    expect((await actions(web.id)).slice(0, 3)).toEqual(['add_nics', 'remove_nics', 'add_nics']);
  });

  it('takes, rolls back to and deletes a snapshot in jobs, listed until each ends', async () => {
    const web = await machine('web-one');
    const base = `/my/machines/${web.id}/snapshots`;
    expect((await t.api('POST', base, { name: 'before' })).body).toEqual({ name: 'before', state: 'queued' });
    now += 20;
    expect((await t.api('GET', `${base}/before`)).body).toMatchObject({ state: 'created' });
    expect((await t.api('POST', `${base}/before`)).status).toBe(202);
    expect((await t.api('DELETE', `${base}/before`)).status).toBe(204);
    expect((await t.api('GET', `${base}/before`)).status).toBe(200);
    now += 40 + 20;
    expect((await t.api('GET', `${base}/before`)).status).toBe(404);
    expect((await actions(web.id)).slice(0, 3)).toEqual(['delete_snapshot', 'rollback_snapshot', 'create_snapshot']);
  });

  it('builds an image from a machine creating, then active, or failed when the machine is destroyed meanwhile', async () => {
    const builder = await machine('builder');
    const made = await t.api('POST', '/my/images', { machine: builder.id, name: 'app', version: '1.0.0' });
    expect(made.body).toMatchObject({ state: 'creating' });
    const id = (made.body as { id: string }).id;
    now += 200;
    expect((await t.api('GET', `/my/images/${id}`)).body).toMatchObject({ state: 'active' });
    // Destroyed while its image is made: the image fails.
    const again = await t.api('POST', '/my/images', { machine: builder.id, name: 'app', version: '1.0.1' });
    expect((await t.api('DELETE', `/my/machines/${builder.id}`)).status).toBe(204);
    now += 200;
    expect((await t.api('GET', `/my/images/${(again.body as { id: string }).id}`)).body).toMatchObject({
      state: 'failed',
      error: { message: `VM ${builder.id} was destroyed while the image was being created` },
    });
  });
});
