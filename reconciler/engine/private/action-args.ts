/** What every executor action is given (see `actions.ts`): the change, and what the run shares with it. */
import type { ResourceManifest } from '../../../common/manifest.js';
import type { WalkSlot } from '../../graph.js';
import type { ResourceChange } from '../../plan/types.js';
import type { StateResource } from '../../state/document.js';
import type { RunContext } from './run-context.js';
import type { StateWriter } from './state-writer.js';

/** One action of the walk: the change, and what the run shares with it. */
export interface ActionArgs {
  readonly run: RunContext;
  readonly change: ResourceChange;
  readonly manifest: ReadonlyMap<string, ResourceManifest>;
  readonly results: Map<string, unknown>;
  readonly stateEntry: StateResource | undefined;
  readonly state: StateWriter;
  /** The action's place in the walk: given up while it waits, and once it has sent its last request. */
  readonly slot: WalkSlot;
  /** The addresses whose old object is kept in the state until deleted (see `keepsOldObjectInState`). */
  readonly oldObjectsKept: ReadonlySet<string>;
  /** A delete-then-create replacement whose old object a step of its own deleted already (`delete-first`). */
  readonly oldDeletedFirst?: boolean;
}
