/**
 * Benchmark of the local CloudAPI (run with `npx tsx bench/emulator-cloudapi.ts [seconds]`).
 *
 * Measures signed requests per second over loopback with 16 in flight: GetAccount and ListUsers
 * (10 users), with an RSA-2048 and an Ed25519 key. The client signs only the Date header, as the
 * standard CLI can, and reuses a signature within the same second, so the figure is the server's
 * cost (verification, routing, JSON) rather than the client's RSA signing. Prints one JSON line
 * per scenario; never fails on timing.
 */
import { Agent, request } from 'undici';
import { startEmulator } from '../emulator/index.js';
import { generateTestKey, type TestKeyPair } from '../scripts/support/keys.js';
import { signatureHeaders } from '../scripts/support/signer.js';

const seconds = Number(process.argv[2] ?? 3);
const inFlight = 16;
const dispatcher = new Agent({ connections: inFlight, keepAliveTimeout: 10_000 });

async function scenario(name: string, key: TestKeyPair, path: string, base: string): Promise<void> {
  const keyId = `/acme/keys/${key.md5}`;
  let cachedFor = '';
  let cached: Record<string, string> = {};
  const headers = (): Record<string, string> => {
    const date = new Date().toUTCString();
    if (date !== cachedFor) {
      cached = { ...signatureHeaders('GET', path, { keyId, key }), 'accept-version': '~9' };
      cachedFor = date;
    }
    return cached;
  };
  let count = 0;
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < deadline) {
        const res = await request(`${base}${path}`, { method: 'GET', dispatcher, headers: headers() });
        await res.body.dump();
        if (res.statusCode === 200) count += 1;
        else failures += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  console.log(
    JSON.stringify({
      scenario: name,
      requests: count,
      failures,
      seconds: Number(elapsed.toFixed(2)),
      rps: Math.round(count / elapsed),
    }),
  );
}

const rsa = generateTestKey('rsa', 'bench-rsa');
const ed = generateTestKey('ed25519', 'bench-ed');
const emu = await startEmulator({ accounts: [{ login: 'acme', keys: [rsa.publicOpenSsh, ed.publicOpenSsh] }] });
try {
  const owner = { keyId: `/acme/keys/${rsa.md5}`, key: rsa };
  for (let i = 0; i < 10; i += 1) {
    const body = JSON.stringify({ login: `user${i}`, email: `user${i}@example.com`, password: 'secret123' });
    await request(`${emu.cloudapiUrl}/acme/users`, {
      method: 'POST',
      dispatcher,
      body,
      headers: { ...signatureHeaders('POST', '/acme/users', owner), 'content-type': 'application/json' },
    }).then((r) => r.body.dump());
  }
  await scenario('warm-up', rsa, '/acme', emu.cloudapiUrl);
  await scenario('GetAccount rsa-2048', rsa, '/acme', emu.cloudapiUrl);
  await scenario('GetAccount ed25519', ed, '/acme', emu.cloudapiUrl);
  await scenario('ListUsers(10) rsa-2048', rsa, '/acme/users', emu.cloudapiUrl);
} finally {
  await emu.close();
  await dispatcher.close();
}
