import type { Command } from '../command.js';

/** Every sub-command, in the order `--help` lists them. */
export const commands: readonly Command[] = [];
