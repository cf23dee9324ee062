import type { Command } from '../command.js';
import { emulatorCommand } from './emulator.js';

/** Every sub-command, in the order `--help` lists them. */
export const commands: readonly Command[] = [emulatorCommand];
