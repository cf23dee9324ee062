import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sshpk from 'sshpk';
import type { X509Certificate } from 'node:crypto';
import { parseAttestationRoots, RootProblem } from './core/attestation.js';
import { ConsistencyModel } from './core/consistency.js';
import type { EmulatorContext } from './core/context.js';
import { FaultInjector } from './core/faults.js';
import { createServiceServer, type ServiceServer } from './core/http-server.js';
import { Persistence } from './core/persistence.js';
import { EmulatorStartError } from './core/start-error.js';
import { SeededRandom } from './core/rng.js';
import { StatsCounter } from './core/stats.js';
import { jobTiming } from './core/timing.js';
import { Replication } from './core/replication.js';
import { checkDatacenterNames, cloudOf, datacenterContexts, MANTA_REPLICA } from './datacenters.js';
import { IdentityStore } from './core/store/identity-store.js';
import { parsePublicKey } from './core/store/public-key.js';
import { createCloudApiService } from './cloudapi/service.js';
import { DEFAULT_DATACENTER, DEFAULT_LAYOUT } from './cloudapi/state.js';
import { createMantaMonitor, MONITOR_PORT_OFFSET } from './manta/monitor.js';
import { createMantaService } from './manta/service.js';
import type { MantaStateOptions } from './manta/state.js';
import type { EmulatorAccountOption, EmulatorOptions, RunningEmulator } from './start-options.js';

export type {
  EmulatorAccountOption,
  EmulatorOptions,
  MantaServiceFactory,
  RunningEmulator,
  StartedAccount,
} from './start-options.js';

/** The default provisioning time: short, so tests and demos do not wait, yet not instant. */
export const DEFAULT_PROVISION_MS = 100;

/** How many machines an account may have by default, as a small real account's limit. */
export const DEFAULT_MACHINE_LIMIT = 20;

/** The file name of the generated demo private key (the public key adds `.pub`). */
const DEMO_KEY_FILE = 'demo_id_rsa';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Starts the CloudAPI and Manta listeners.
 * @throws EmulatorStartError `EMULATOR_HOST_NOT_LOOPBACK` when the host is not loopback and `allowNonLoopback` is not set
 * @throws EmulatorStartError when a port is taken or not allowed, or a data file cannot be read back
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK.has(host) && options.allowNonLoopback !== true) {
    throw new EmulatorStartError({ kind: 'host-not-loopback', host });
  }
  // Before anything is made on disk: a bad name is the caller's to fix.
  if (options.datacenters !== undefined) checkDatacenterNames(options.datacenters);
  const clock = options.clock ?? Date.now;
  const seed = options.seed ?? 1;
  const windowMs = options.consistencyWindowMs ?? 0;
  if (options.dataDir !== undefined) mkdirSync(options.dataDir, { recursive: true });
  const attestationRoots = attestationRootsOf(options.trustedAttestationRoots ?? []);
  const timing = jobTiming({
    ...(options.timing !== undefined ? { profile: options.timing } : {}),
    ...(options.timeScale !== undefined ? { scale: options.timeScale } : {}),
    ...(options.provisionMs !== undefined ? { provisionMs: options.provisionMs } : {}),
  });
  const persistence = new Persistence(options.dataDir);
  const directory = new IdentityStore(windowMs, clock, persistence);
  // One replication for the cloud; without `datacenters` nothing replicates and no view is made.
  const replication = new Replication(options.replicationDelayMs ?? 0, new SeededRandom(seed ^ 0x1b873593), clock);
  const ctx: EmulatorContext = {
    clock,
    // With several datacenters Manta (mahi) reads its own replica of the directory.
    store: options.datacenters === undefined ? directory : directory.forReplica(replication.link(MANTA_REPLICA)),
    stats: new StatsCounter(),
    persistence,
    consistency: new ConsistencyModel(
      windowMs,
      options.staleReadRate ?? 0.5,
      new SeededRandom(seed ^ 0x5bd1e995),
      clock,
    ),
    faults: new FaultInjector(
      {
        latencyMs: options.latencyMs ?? 0,
        faultRate: options.faultRate ?? 0,
        ...(options.throttleRps !== undefined ? { throttleRps: options.throttleRps } : {}),
        ...(options.loseAnswers !== undefined ? { loseAnswers: options.loseAnswers } : {}),
      },
      new SeededRandom(seed),
      clock,
    ),
    random: new SeededRandom(seed ^ 0x27d4eb2f),
    dataDir: options.dataDir,
    jobExec: options.jobExec ?? true,
    provisionMs: timing.ms('provision'),
    delegateDatasets: options.delegateDatasets ?? false,
    timing,
    machineLimit: options.machineLimit ?? DEFAULT_MACHINE_LIMIT,
    ...(options.ramLimitMb !== undefined ? { ramLimitMb: options.ramLimitMb } : {}),
    layout: {
      servers: options.servers ?? DEFAULT_LAYOUT.servers,
      serverRamMb: options.serverRamMb ?? DEFAULT_LAYOUT.serverRamMb,
      serverDiskMb: options.serverDiskMb ?? DEFAULT_LAYOUT.serverDiskMb,
      fabrics: options.fabrics ?? DEFAULT_LAYOUT.fabrics,
      fixtureMachines: options.fixtureMachines ?? true,
      seed,
    },
    urls: { cloudapi: '', manta: '' },
    mantaWriter: undefined,
    datacenter: options.datacenters?.[0] ?? DEFAULT_DATACENTER,
    attestationRoots,
    ...(options.datacenters !== undefined
      ? { cloud: cloudOf(options.datacenters[0]!, options.datacenters, replication) }
      : {}),
  };
  const dcContexts = ctx.cloud === undefined ? [ctx] : datacenterContexts(ctx, directory);

  let generatedKey: RunningEmulator['generatedKey'];
  const addAccount = (account: EmulatorAccountOption): void => {
    directory.ensureAccount(account.login);
    for (const [index, key] of (account.keys ?? []).entries()) {
      if (parsePublicKey(key.trim()) === undefined)
        throw new EmulatorStartError({ kind: 'account-key-invalid', login: account.login, index });
      directory.addAccountKey(account.login, key);
    }
  };
  for (const account of options.accounts ?? []) addAccount(account);
  for (const login of options.mantaOperators ?? []) directory.ensureAccount(login);
  if ((options.accounts ?? []).length === 0 && options.demoAccount !== false) {
    if (directory.allAccounts().length === 0) {
      generatedKey = generateDemoKey(options.dataDir);
      directory.addAccountKey('demo', readFileSync(generatedKey.publicKeyPath, 'utf8'));
    } else if (options.dataDir !== undefined && existsSync(join(options.dataDir, DEMO_KEY_FILE))) {
      // A restart of a demo emulator: report the key pair made the first time.
      generatedKey = generateDemoKey(options.dataDir);
    }
  }

  const cloudapis = dcContexts.map((dcCtx) => createCloudApiService(dcCtx, options.cloudapiRoutes, options.catalog));
  const manta = createMantaService(ctx, mantaOptions(options));
  const services = [...cloudapis, manta];
  const servers: ServiceServer[] = [];
  try {
    for (const [i, dcCtx] of dcContexts.entries()) {
      const cloudapi = createServiceServer(cloudapis[i]!, dcCtx, options.tls);
      servers.push(cloudapi);
      await listen(cloudapi.server, 'CloudAPI', host, i === 0 ? (options.port ?? 0) : 0);
    }
    const mantaServer = createServiceServer(manta, ctx, options.tls);
    servers.push(mantaServer);
    await listen(mantaServer.server, 'Manta', host, options.mantaPort ?? 0);
    if (options.mantaMonitor === true) {
      const monitor = createMantaMonitor(ctx);
      servers.push({ server: monitor, close: () => closeServer(monitor) });
      const mantaPort = (mantaServer.server.address() as AddressInfo).port;
      await listen(monitor, 'Manta monitor', host, mantaPort + MONITOR_PORT_OFFSET);
    }
  } catch (err) {
    await Promise.all(servers.filter((s) => s.server.listening).map((s) => s.close()));
    // The services hold a temporary directory and running state: a failed start leaves neither.
    for (const service of services) await service.close?.();
    throw err;
  }
  const scheme = options.tls === undefined ? 'http' : 'https';
  ctx.urls.cloudapi = urlOf(servers[0]!.server, host, scheme);
  // One CloudAPI listener per datacenter, then Manta's (then the optional monitor).
  ctx.urls.manta = urlOf(servers[dcContexts.length]!.server, host, scheme);
  for (const [i, dcCtx] of dcContexts.entries()) {
    dcCtx.urls.cloudapi = urlOf(servers[i]!.server, host, scheme);
    dcCtx.urls.manta = ctx.urls.manta;
    if (ctx.cloud !== undefined) ctx.cloud.datacenters[i]!.cloudapiUrl = dcCtx.urls.cloudapi;
  }
  persistence.flush();

  let closed: Promise<void> | undefined;
  return {
    cloudapiUrl: ctx.urls.cloudapi,
    datacenters: dcContexts.map((dcCtx) => ({ name: dcCtx.datacenter, cloudapiUrl: dcCtx.urls.cloudapi })),
    mantaUrl: ctx.urls.manta,
    dataDir: options.dataDir,
    accounts: directory.allAccounts().map((a) => ({
      login: a.account.login,
      keys: a.keys.currentAll().map((k) => ({ name: k.name, fingerprint: k.fingerprint })),
    })),
    ...(generatedKey !== undefined ? { generatedKey } : {}),
    context: ctx,
    settled: (settleOptions) => waitUntilSettled(ctx, replication, settleOptions?.stuckAfterMs ?? 10_000),
    addAccount,
    replicated: () => replication.replicated(),
    onReplicated(listener) {
      replication.on('replicated', listener);
      return () => void replication.off('replicated', listener);
    },
    close(): Promise<void> {
      closed ??= (async () => {
        // Requests still being handled finish first, so the final save below holds their writes.
        await Promise.all(servers.map((s) => s.close()));
        replication.close();
        for (const service of services) await service.close?.();
        persistence.close();
        // A key pair made in a temporary folder (no data directory) is of no use once the
        // emulator is gone, and a private key must not be left lying around.
        if (generatedKey !== undefined && options.dataDir === undefined)
          rmSync(dirname(generatedKey.privateKeyPath), { recursive: true, force: true });
      })();
      return closed;
    },
  };
}

/** The trusted roots, checked before anything is written: a bad one is the user's to fix. */
function attestationRootsOf(pems: readonly string[]): X509Certificate[] {
  try {
    return parseAttestationRoots(pems);
  } catch (err) {
    if (err instanceof RootProblem)
      throw new EmulatorStartError({ kind: 'attestation-root-invalid', index: err.index, detail: err.detail });
    throw err;
  }
}

/** How often a wait for the window looks at the clock again (ms). */
const SETTLE_POLL_MS = 50;

async function waitUntilSettled(ctx: EmulatorContext, replication: Replication, stuckAfterMs: number): Promise<void> {
  // Settled: past the consistency window, and every account-wide write in every datacenter.
  const msLeft = (): number => Math.max(ctx.consistency.msUntilSettled(), replication.msUntilReplicated());
  // An injected clock moves when the test moves it, which a loaded machine may delay past any one
  // timer: look again until it has, and give up only after it stood still for `stuckAfterMs` of
  // real time (the real clock, because the emulator's is the one that may not move).
  let seen = ctx.clock();
  let stillSince = Date.now();
  for (let wait = msLeft(); wait > 0; wait = msLeft()) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, SETTLE_POLL_MS)));
    const now = ctx.clock();
    if (now !== seen) {
      seen = now;
      stillSince = Date.now();
    } else if (Date.now() - stillSince >= stuckAfterMs) {
      throw new Error('the emulator clock did not move: advance it past the window (and the replication delay)');
    }
  }
}

function generateDemoKey(dataDir: string | undefined): NonNullable<RunningEmulator['generatedKey']> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'triton-iac-emulator-'));
  const privateKeyPath = join(dir, DEMO_KEY_FILE);
  const publicKeyPath = `${privateKeyPath}.pub`;
  if (!existsSync(privateKeyPath) || !existsSync(publicKeyPath)) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const parsed = sshpk.parsePrivateKey(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'pem');
    parsed.comment = 'demo@triton-iac-emulator';
    writeFileSync(privateKeyPath, parsed.toString('ssh-private'), { mode: 0o600 });
    const pub = parsed.toPublic();
    pub.comment = parsed.comment;
    writeFileSync(publicKeyPath, `${pub.toString('ssh').trim()}\n`);
  }
  const fingerprint = sshpk.parseKey(readFileSync(publicKeyPath, 'utf8'), 'ssh').fingerprint('md5').toString('hex');
  return { privateKeyPath, publicKeyPath, fingerprint };
}

/**
 * Listens on `port`; a port that is taken or not allowed is the user's to fix, so it is an
 * {@link EmulatorStartError} that says which port and what to do.
 */
function listen(server: Server, service: string, host: string, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const failed = (err: NodeJS.ErrnoException): void => {
      if (err.code === 'EADDRINUSE')
        reject(new EmulatorStartError({ kind: 'port-in-use', service, host, port }, { cause: err }));
      else if (err.code === 'EACCES')
        reject(new EmulatorStartError({ kind: 'port-not-allowed', service, host, port }, { cause: err }));
      else reject(err);
    };
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve(server);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function urlOf(server: Server, host: string, scheme: string): string {
  const { port } = server.address() as AddressInfo;
  return `${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** The Manta service's share of the start options. */
function mantaOptions(options: EmulatorOptions): MantaStateOptions {
  return {
    ...(options.mantaVersion !== undefined ? { version: options.mantaVersion } : {}),
    ...(options.mantaUploadTimeoutMs !== undefined ? { uploadTimeoutMs: options.mantaUploadTimeoutMs } : {}),
    ...(options.mantaOperators !== undefined ? { operators: options.mantaOperators } : {}),
  };
}
