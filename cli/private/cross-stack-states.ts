/**
 * What a stack referring to other stacks' objects (`StackManifest.crossStack`) reads of them: their
 * stacks' state, read afresh each time (an apply of several stacks writes it as it goes), as
 * `terraform_remote_state` reads another configuration's.
 */
import type { StackManifest } from '../../common/manifest.js';
import { crossStackObjectsOf, type StateDocument } from '../../reconciler/index.js';
import type { CommandIo } from '../command.js';
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
  if (stack.crossStack === undefined) return undefined;
  const states = new Map<string, StateDocument | null>();
  for (const name of new Set(stack.crossStack.map((r) => r.stack))) {
    const other = all.find((s) => s.name === name);
    if (other === undefined) continue;
    const backend = openStateBackend(other, {
      workDir: reader.io.cwd,
      env: reader.io.env,
      ...(other.state?.type === 'manta' ? { clients: await reader.clientsOf(other) } : {}),
      ...(reader.common.consistencyWindowMs !== undefined
        ? { consistencyWindowMs: reader.common.consistencyWindowMs }
        : {}),
    });
    states.set(name, (await backend.read())?.doc ?? null);
  }
  return crossStackObjectsOf(stack, states, reader.pending);
}

/**
 * The line a plan of `stack` prints about the other stacks it read: each object, and whether its
 * value is known now or only after apply.
 */
export function crossStackLine(stack: StackManifest, objects: EngineOptions['crossStack']): string {
  if (stack.crossStack === undefined) return '';
  const stacks = [...new Set(stack.crossStack.map((r) => r.stack))];
  const each = stack.crossStack
    .map((r) => `${r.address}${objects?.get(r.address) ? '' : ' (known after apply)'}`)
    .join(', ');
  return `Stack ${stack.name} reads stack${stacks.length === 1 ? '' : 's'} ${stacks.join(', ')}: ${each}\n`;
}
