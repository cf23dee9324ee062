/**
 * Instance migrations as sdc-cloudapi `lib/migrations.js` serves them over VMAPI: ListMigrations,
 * GetMigration, MigrateMachineEstimate and Migrate (`?action=`). The emulated datacenter does not
 * let users migrate (VMAPI's `validateMigrationBegin` refuses a user's begin or estimate unless the
 * operator allows user migrations), so no migration ever exists: the list is empty, a begin or an
 * estimate is 412 `PreconditionFailed`, and every other action finds no migration.
 */
import { EmulatorError, invalidArgument, missingParameter } from '../../core/errors.js';
import type { RequestContext, Reply } from '../../core/types.js';
import type { EmulatorContext } from '../../core/context.js';
import type { CloudApiRoute } from '../route.js';
import type { CloudApiState } from '../state.js';
import { accountOf } from '../private/before.js';
import { findMachine } from '../private/machine-model.js';
import { param } from '../private/params.js';

/** `MIGRATION_ACTIONS` of lib/migrations.js (`watch` is handled apart). */
const MIGRATION_ACTIONS = ['begin', 'sync', 'switch', 'automatic', 'abort', 'pause', 'finalize'];

/** VMAPI's refusal of a user's migration where the datacenter does not allow them. */
const notAllowed = (): EmulatorError =>
  new EmulatorError(412, 'PreconditionFailed', 'User migration on this VM not allowed');

/** ListMigrations, GetMigration, MigrateMachineEstimate, Migrate. */
export function migrationRoutes(_ctx: EmulatorContext, state: CloudApiState): CloudApiRoute[] {
  const machine = (rc: RequestContext): void => {
    findMachine(state.machines(accountOf(rc)), rc.params['machine']!);
  };
  return [
    { method: 'GET', path: '/:account/migrations', name: 'ListMigrations', handler: () => ({ status: 200, body: [] }) },
    {
      method: 'GET',
      path: '/:account/migrations/:machine',
      name: 'GetMigration',
      handler: (rc) => {
        machine(rc);
        throw new EmulatorError(404, 'ResourceNotFound', 'migration not found');
      },
    },
    {
      method: 'GET',
      path: '/:account/machines/:machine/migrate',
      name: 'MigrateMachineEstimate',
      handler: (rc) => {
        machine(rc);
        throw notAllowed();
      },
    },
    {
      method: 'POST',
      path: '/:account/machines/:machine/migrate',
      name: 'Migrate',
      handler: (rc) => migrate(rc, machine),
    },
  ];
}

/** `doAction` (and `watch`): the action checked, then VMAPI's answer for a datacenter without user migrations. */
function migrate(rc: RequestContext, machine: (rc: RequestContext) => void): Reply {
  const action = param(rc, 'action');
  if (action === undefined || action === null || action === '') throw missingParameter('"action" must be specified');
  if (typeof action !== 'string') throw invalidArgument(`${String(action)} is not a valid migration action`);
  if (action !== 'watch' && !MIGRATION_ACTIONS.includes(action))
    throw invalidArgument(`${action} is not a valid migration action`);
  machine(rc);
  if (action === 'begin' || action === 'automatic') throw notAllowed();
  throw new EmulatorError(404, 'ResourceNotFound', 'migration not found');
}
