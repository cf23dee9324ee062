/**
 * What a stack referring to other stacks' objects (`StackManifest.crossStack`) reads of them: their
 * stacks' state, read afresh each time (an apply of several stacks writes it as it goes), as
 * `terraform_remote_state` reads another configuration's.
 */
import type { StackManifest } from '../../common/manifest.js';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  namedObjectsOf,
  readCrossStackObjects,
  refuseUnappliedNames,
  outputLocationsOf,
  parseStateDocument,
  ReconcilerError,
  withStackOutputs,
  type OutputState,
  type StateBackend,
  type StateDocument,
} from '../../reconciler/index.js';
import { UsageError, type CommandIo } from '../command.js';
import { openStateBackend, type Clients, type EngineOptions } from './engine.js';

/** What {@link crossStackStates} needs of the session. */
export interface CrossStackReader {
  readonly io: CommandIo;
  readonly common: { readonly consistencyWindowMs: number | undefined };
  /** The clients of a stack (a Manta state backend reads through them). */
  clientsOf(stack: StackManifest): Promise<Clients>;
  /** Addresses an earlier plan of this run creates, replaces or deletes: known only after apply. */
  readonly pending: ReadonlySet<string>;
}

/**
 * The objects of other stacks `stack` refers to, from their stacks' state (`undefined` when it refers
 * to none).
 */
export async function crossStackStates(
  stack: StackManifest,
  all: readonly StackManifest[],
  reader: CrossStackReader,
): Promise<EngineOptions['crossStack']> {
  return readCrossStackObjects(stack, all, (other) => stateBackendOf(other, reader), reader.pending);
}

/** The state backend of another stack `other`, opened for reading its state. */
async function stateBackendOf(other: StackManifest, reader: CrossStackReader): Promise<Pick<StateBackend, 'read'>> {
  return openStateBackend(other, {
    workDir: reader.io.cwd,
    env: reader.io.env,
    ...(other.state?.type === 'manta' ? { clients: await reader.clientsOf(other) } : {}),
    ...(reader.common.consistencyWindowMs !== undefined
      ? { consistencyWindowMs: reader.common.consistencyWindowMs }
      : {}),
  });
}

/**
 * Refuses to apply `stack` when it names objects (a login, a directory) of stacks this run leaves
 * out (`--stack`) whose state does not hold them; the stacks of this run are applied in order, each
 * after those it names.
 * @throws ReconcilerError `CROSS_STACK_NOT_APPLIED`
 */
export async function refuseNamesNotApplied(
  stack: StackManifest,
  all: readonly StackManifest[],
  running: readonly StackManifest[],
  reader: CrossStackReader,
): Promise<void> {
  const inRun = new Set(running.map((s) => s.name));
  const named = namedObjectsOf(
    stack,
    all.filter((s) => !inRun.has(s.name)),
  );
  if (named.length === 0) return;
  const states = new Map<string, StateDocument | null>();
  for (const name of new Set(named.map((n) => n.stack)))
    states.set(
      name,
      (
        await (
          await stateBackendOf(
            all.find((s) => s.name === name)!,
            reader,
          )
        ).read()
      )?.doc ?? null,
    );
  refuseUnappliedNames(stack, named, states);
}

/**
 * `stacks` with the outputs of other apps they read (`StackOutputs`) in place of their placeholders,
 * and what each read.
 * @throws ReconcilerError `OUTPUT_STATE_NOT_FOUND`, `OUTPUT_NOT_FOUND`, `OUTPUT_SENSITIVE`, or a
 *   state error (`STATE_MALFORMED`) naming the location
 */
export async function withOtherAppsOutputs(
  stacks: readonly StackManifest[],
  reader: CrossStackReader,
): Promise<{
  readonly stacks: StackManifest[];
  readonly outputsRead: Map<string, ReadonlyMap<string, readonly string[]>>;
}> {
  const states = new Map<string, OutputState>();
  const out: StackManifest[] = [];
  const outputsRead = new Map<string, ReadonlyMap<string, readonly string[]>>();
  for (const stack of stacks) {
    for (const location of outputLocationsOf(stack))
      if (!states.has(location)) states.set(location, await readOutputState(location, stack, reader));
    const { stack: resolved, read } = withStackOutputs(stack, states);
    out.push(resolved);
    if (read.size > 0) outputsRead.set(stack.name, read);
  }
  return { stacks: out, outputsRead };
}

/** The state at `location` (a local path, or `manta:/…` read with `stack`'s keys); `doc` null when none is there. */
async function readOutputState(location: string, stack: StackManifest, reader: CrossStackReader): Promise<OutputState> {
  if (location.startsWith('manta:')) {
    const path = location.slice('manta:'.length);
    const got = await (await reader.clientsOf(stack)).manta.getObjectBuffer(path);
    return {
      where: location,
      doc: got === undefined ? null : stateOrRefuse(got.data.toString('utf8'), location, location),
    };
  }
  const path = resolve(reader.io.cwd, location);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { where: path, doc: null };
    throw new UsageError(
      `StackOutputs.of(${JSON.stringify(location)}): cannot read ${path} (${code ?? (error as Error).message}); give the path of another app's state file`,
    );
  }
  return { where: path, doc: stateOrRefuse(text, location, path) };
}

/**
 * The state document in `text`, else a refusal that names the location but shows none of the text:
 * a location given by mistake may be any file (a key, a password file).
 * @throws ReconcilerError `STATE_MALFORMED`
 */
function stateOrRefuse(text: string, location: string, where: string): StateDocument {
  try {
    return parseStateDocument(text, where);
  } catch {
    throw new ReconcilerError(
      'STATE_MALFORMED',
      `StackOutputs.of(${JSON.stringify(location)}): ${where} is not a triton-iac state file, so it has no outputs to read`,
      { hint: "Give the location of another app's state: its stack's state.path, or .triton-iac/<stack>.state.json." },
    );
  }
}

/**
 * The line a plan of `stack` prints about the other stacks it read: each object, and whether its
 * value is known now or only after apply.
 */
export function crossStackLine(
  stack: StackManifest,
  objects: EngineOptions['crossStack'],
  outputsRead?: ReadonlyMap<string, readonly string[]>,
): string {
  const outputs = [...(outputsRead ?? new Map<string, readonly string[]>())]
    .map(([location, names]) => `Stack ${stack.name} read the outputs of the app at ${location}: ${names.join(', ')}\n`)
    .join('');
  if (stack.crossStack === undefined) return outputs;
  const stacks = [...new Set(stack.crossStack.map((r) => r.stack))];
  const each = stack.crossStack
    .map((r) => `${r.address}${objects?.get(r.address) ? '' : ' (known after apply)'}`)
    .join(', ');
  return `${outputs}Stack ${stack.name} reads stack${stacks.length === 1 ? '' : 's'} ${stacks.join(', ')}: ${each}\n`;
}
