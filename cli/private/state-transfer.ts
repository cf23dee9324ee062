/**
 * `state pull` and `state push`: the whole state document out to standard output, and a document the
 * user holds back in, with the lineage and serial checks of `reconciler/state/push.ts`.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { StackManifest } from '../../common/manifest.js';
import { parseStateDocument, pushState, type LockRequest } from '../../reconciler/index.js';
import { UsageError, type CommandIo } from '../command.js';
import type { Backend } from './state-backend.js';

/**
 * Prints the state document as stored (the exact JSON `state push` takes back).
 * @throws UsageError when the stack has no state yet.
 */
export async function pullState(backend: Backend, stack: StackManifest, io: CommandIo): Promise<number> {
  const snapshot = await backend.read();
  if (snapshot === undefined)
    throw new UsageError(`there is no state for stack ${stack.name} yet (${backend.location}); nothing to pull`);
  io.stdout.write(`${JSON.stringify(snapshot.doc, null, 2)}\n`);
  return 0;
}

/**
 * Replaces the state with the document in `file` (`-` for standard input).
 * @throws UsageError for an unreadable file; ReconcilerError `STATE_MALFORMED`, `STATE_MISMATCH`,
 *   `STATE_PUSH_REFUSED` or `STATE_LOCKED`, all before anything is written.
 */
export async function pushStateFile(
  backend: Backend,
  lock: LockRequest,
  file: string,
  force: boolean,
  io: CommandIo,
): Promise<number> {
  const source = file === '-' ? 'standard input' : file;
  let text: string;
  try {
    text = file === '-' ? await readStdin() : await readFile(resolve(io.cwd, file), 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read the state to push from ${source}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const pushed = parseStateDocument(text, source);
  const { previous, stored } = await pushState(backend, lock, pushed, force);
  const was =
    previous === undefined
      ? 'there was no state before'
      : `it was at serial ${previous.serial}${previous.lineage !== stored.doc.lineage ? ` of lineage ${previous.lineage}` : ''}`;
  io.stdout.write(
    `Pushed ${source} to the state of stack ${stored.doc.stack} (${backend.location}): serial ${stored.doc.serial}, lineage ${stored.doc.lineage}, ${stored.doc.resources.length} resources; ${was}.\n`,
  );
  return 0;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
