/**
 * The sub-commands, each loaded only when it runs: `triton-iac --help` and a command's start-up
 * then load only what that command needs (the emulator, the adapters and the reconciler are large).
 */
import type { Command } from '../command.js';

/** A sub-command as the command list knows it, before its module is loaded. */
export interface CommandEntry {
  /** The word that selects the command, e.g. `plan`. */
  readonly name: string;
  /** One line for the command list in `triton-iac --help`. */
  readonly summary: string;
  /** Loads the command's module. */
  load(): Promise<Command>;
}

/** Every sub-command, in the order `--help` lists them. */
export const commands: readonly CommandEntry[] = [
  {
    name: 'synth',
    summary: 'build the app and print its manifest (no cloud access)',
    load: async () => (await import('./synth.js')).synthCommand,
  },
  {
    name: 'plan',
    summary: 'show what apply would change (exit 2 with --detailed-exitcode when there are changes)',
    load: async () => (await import('./plan.js')).planCommand,
  },
  {
    name: 'apply',
    summary: 'make the cloud match the app (or carry out a saved plan)',
    load: async () => (await import('./apply.js')).applyCommand,
  },
  {
    name: 'drift',
    summary: 'report objects changed outside triton-iac (exit 2 when something drifted)',
    load: async () => (await import('./drift.js')).driftCommand,
  },
  {
    name: 'destroy',
    summary: 'delete every object the stack manages',
    load: async () => (await import('./destroy.js')).destroyCommand,
  },
  {
    name: 'show',
    summary: 'print a saved plan (text, JSON or Markdown)',
    load: async () => (await import('./show.js')).showCommand,
  },
  {
    name: 'validate',
    summary: 'synthesize and run every offline check (no cloud, no state)',
    load: async () => (await import('./validate.js')).validateCommand,
  },
  {
    name: 'graph',
    summary: 'print the dependency graph (DOT, or Mermaid for Markdown)',
    load: async () => (await import('./graph.js')).graphCommand,
  },
  {
    name: 'refresh',
    summary: 'record the live objects in the state without changing the cloud',
    load: async () => (await import('./refresh.js')).refreshCommand,
  },
  {
    name: 'force-unlock',
    summary: 'remove a state lock a run left behind, by its lock id',
    load: async () => (await import('./force-unlock.js')).forceUnlockCommand,
  },
  {
    name: 'instance',
    summary: 'instance operations that are no plan action: rollback to a snapshot',
    load: async () => (await import('./instance.js')).instanceCommand,
  },
  {
    name: 'import',
    summary: 'record an existing cloud object in the state under a construct address',
    load: async () => (await import('./import.js')).importCommand,
  },
  {
    name: 'generate',
    summary: 'write a program declaring an existing account (or an rbac.json) and record its state',
    load: async () => (await import('./generate.js')).generateCommand,
  },
  {
    name: 'rehearse',
    summary: 'apply a saved plan to an emulated copy of what it touches, and require the next plan to be empty',
    load: async () => (await import('./rehearse.js')).rehearseCommand,
  },
  {
    name: 'state',
    summary: 'list, show, remove or rename resources in the state; pull or push the whole state',
    load: async () => (await import('./state.js')).stateCommand,
  },
  {
    name: 'output',
    summary: "print a stack's outputs as recorded by the last apply",
    load: async () => (await import('./output.js')).outputCommand,
  },
  {
    name: 'schema',
    summary: 'print the resource property schema (or the Terraform provider schema)',
    load: async () => (await import('./schema.js')).schemaCommand,
  },
  {
    name: 'can',
    summary: 'decide whether a sub-user may perform an action on a resource, and say why (exit 2 when denied)',
    load: async () => (await import('./can.js')).canCommand,
  },
  {
    name: 'access',
    summary: 'print who may do what in the declared account, or the policy a CI sub-user needs (--for-ci)',
    load: async () => (await import('./access.js')).accessCommand,
  },
  {
    name: 'emulator',
    summary: 'run a local CloudAPI and Manta emulator',
    load: async () => (await import('./emulator.js')).emulatorCommand,
  },
];
