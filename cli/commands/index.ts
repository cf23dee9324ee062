import type { Command } from '../command.js';
import { applyCommand } from './apply.js';
import { destroyCommand } from './destroy.js';
import { driftCommand } from './drift.js';
import { emulatorCommand } from './emulator.js';
import { importCommand } from './import.js';
import { planCommand } from './plan.js';
import { schemaCommand } from './schema.js';
import { stateCommand } from './state.js';
import { synthCommand } from './synth.js';

/** Every sub-command, in the order `--help` lists them. */
export const commands: readonly Command[] = [synthCommand, planCommand, applyCommand, driftCommand, destroyCommand, importCommand, stateCommand, schemaCommand, emulatorCommand];
