/**
 * `plan` reads ahead: before the app is loaded, the collections named by the state of the stack it
 * will most likely plan are listed, through the clients that stack will connect with (the
 * engine's `ReadAhead`). The stack is the one `--stack` names, else the only one whose state the
 * working directory holds. Once the app is built, the session uses those clients and listings
 * for that stack only when it would have connected exactly so: same name and account, and no
 * connection settings or sub-user of its own (which could reach another cloud or identity).
 */
import { defaultHandlers } from '../../provider/handlers/registry.js';
import { requestsSent } from '../../provider/index.js';
import type { CommandIo } from '../command.js';
import { closeClients, connectStack, localStateStacks, ReadAhead } from './engine.js';
import { rateWaits } from './rate-waits.js';
import { cloudEnv, type CommonOptions, type PlanReadAhead } from './session.js';

/** The longest wait for the read-ahead's first requests to be sent before the app is built (ms). */
const FIRST_REQUEST_WAIT_MS = 20;

/**
 * Starts reading ahead for a plan (see the module comment), and returns once its first requests
 * are sent (or 20 ms have passed); `undefined` when there is nothing to
 * read ahead (no state, several, `--emulator`), or anything goes wrong: it is only a head start,
 * and the plan then reads everything itself, reporting any trouble as usual.
 */
export async function startReadAhead(common: CommonOptions, io: CommandIo): Promise<PlanReadAhead | undefined> {
  if (common.emulator) return undefined;
  try {
    const stacks = common.stack !== undefined ? common.stack.split(',') : await localStateStacks(io.cwd);
    if (stacks.length !== 1) return undefined;
    const ahead = await ReadAhead.fromLocalState(stacks[0]!, {
      workDir: io.cwd,
      env: io.env,
      handlers: defaultHandlers(),
      ...(common.consistencyWindowMs !== undefined ? { consistencyWindowMs: common.consistencyWindowMs } : {}),
      // As the session connects a stack with no connection settings of its own (cli/private/session.ts).
      connect: async (account) => {
        // An rbac.json is planned for the account given: another account's state is not its.
        if (common.account !== undefined && common.account !== account) throw new Error('another account');
        return connectStack(
          { name: stacks[0]!, account, resources: [] },
          {
            env: cloudEnv(common, io, false),
            ...(io.env['HOME'] ? { home: io.env['HOME'] } : {}),
            // The plan goes on with these clients: they keep its request limit and tell its rate waits.
            ...(common.maxRequests !== undefined ? { maxRequests: common.maxRequests } : {}),
            onRateHold: rateWaits.tell,
          },
        );
      },
    });
    if (ahead === undefined) return undefined;
    // Building the app holds the thread: the first requests are sent before it starts (a cloud far
    // away is not waited for any longer: its connections are made as the thread allows).
    await requestsSent(ahead.firstRequests, FIRST_REQUEST_WAIT_MS);
    return {
      ahead,
      clients: ahead.clients,
      usableFor: (stack) =>
        stack.name === ahead.stack &&
        stack.account === ahead.account &&
        stack.user === undefined &&
        (stack.connection === undefined || Object.keys(stack.connection).length === 0),
      async close() {
        ahead.stop();
        await closeClients(ahead.clients);
      },
    };
  } catch (error) {
    if (common.debug) io.stderr.write(`debug: not reading ahead: ${(error as Error).message}\n`);
    return undefined;
  }
}
