/**
 * The state backend of one stack for the commands that work on the state alone (`state`,
 * `force-unlock`): a local state file is opened directly; a Manta one needs a connection (to the
 * cloud, or the embedded emulator with `--emulator`), made only then and closed afterwards.
 */
import type { StackManifest } from '../../common/manifest.js';
import type { CommandIo } from '../command.js';
import { closeClients, connectStack, openStateBackend, type Clients } from './engine.js';
import { emulatorOverrides, startEmbeddedEmulator, type EmbeddedEmulator } from '../embedded-emulator.js';
import { cloudEnv, type CommonOptions } from './session.js';
import { guardLocks } from './interrupts.js';
import { stateHistoryKeepOf } from './drift-config.js';

/** A stack's state backend. */
export type Backend = ReturnType<typeof openStateBackend>;

/** Runs `body` with the state backend of `stack`, connecting first when the state is in Manta. */
export async function withBackend(
  stack: StackManifest,
  common: CommonOptions,
  io: CommandIo,
  body: (backend: Backend) => Promise<number>,
): Promise<number> {
  // Only a Manta-backed state needs a connection; a local state file is read directly.
  let clients: Clients | undefined;
  let emulator: EmbeddedEmulator | undefined;
  // A signal releases the lock a state edit takes (and saves the embedded emulator's data).
  const unguard = guardLocks(
    (line) => void io.stderr.write(line),
    async () => await emulator?.close(),
  );
  try {
    if (stack.state?.type === 'manta') {
      if (common.emulator) emulator = await startEmbeddedEmulator({ cwd: io.cwd, accounts: [stack.account] });
      const overrides = emulator ? emulatorOverrides(emulator, stack.account) : undefined;
      clients = await connectStack(stack, {
        env: cloudEnv(common, io, emulator !== undefined),
        ...(overrides ? { overrides } : {}),
      });
    }
    const keep = stateHistoryKeepOf(io.cwd);
    return await body(
      openStateBackend(stack, {
        workDir: io.cwd,
        ...(clients ? { clients } : {}),
        ...(keep !== undefined ? { stateHistoryKeep: keep } : {}),
      }),
    );
  } finally {
    unguard();
    await closeClients(clients);
    await emulator?.close();
  }
}
