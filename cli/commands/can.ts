import {
  answerRequest,
  checkResourcePath,
  cloudApiResourceName,
  serviceOf,
  type AccessAnswer,
  type ModelRequest,
} from '../../common/access/index.js';
import { didYouMean } from '../../common/did-you-mean.js';
import { kindDescriptor } from '../../common/kinds/index.js';
import { datacentersNamed } from '../../common/kinds/datacenter-scope.js';
import type { StackManifest } from '../../common/manifest.js';
import { checkAction } from '../../common/rules/actions.js';
import { UsageError, type Command } from '../command.js';
import { liveAccessModel, overlayPlan } from '../private/access-model.js';
import { parseArgs } from '../private/args.js';
import { planStack } from '../private/engine.js';
import { COMMON_FLAGS, COMMON_HELP, commonOptions, loadAppFor, openSession } from '../private/session.js';

const HELP = `Usage: triton-iac can USER ACTION RESOURCE [APP] [options]

Decides whether sub-user USER (or USER, another account that is a member of one of the account's
roles: a cross-account role) may perform ACTION (an RBAC action such as getuser, listusers,
getobject, putobject) on RESOURCE (a CloudAPI path such as /acme/users/bob, or a Manta path such
as /acme/stor/site/index.html), exactly as CloudAPI and Manta decide: the resource (or its
collection) carries a role tag, that role is active for the user (a default role, or one taken
up with --role), the role has a policy, and a rule of the policy grants the action with its
conditions met. The answer names the role → policy → rule that grants it, or the first condition
that fails and a change that would grant it. On a Manta path it decides as muskie does: a rule
that names resources (CAN getobject /acme/stor/site-*) grants through an active role even when the
role is not tagged on the entry, --role '*' takes up every role of the sub-user, and the
administrator role grants everything. Nothing is changed.

By default the account is read live and the app's declarations are laid over it: the answer
holds once the app is applied. With --live the app's declarations are left out.

Options:
  --role R[,R…]          take up these roles for the request (CloudAPI's as-role, Manta's Role
                         header; on Manta, '*' is every role of the sub-user); they replace the
                         user's default roles
  --when KEY=VALUE       a request value for rule conditions (repeatable): sourceip=10.0.0.7,
                         method=GET, user-agent=…, time=2026-05-04T09:30:00Z (also sets day and
                         date), fromjob=true, overwrite=true, or any typed condition name
                         (datacenter=us-east-1). Without it, a condition on a value the request
                         does not give does not hold.
  --live                 decide against the live account only, ignoring the app's declarations
  --datacenter NAME      decide in that datacenter, when the app's stacks name datacenters: the
                         resource's role tags are read through (and declared by) its stacks, the
                         account's users, roles and policies through the stack that declares them
                         (the datacenter that wrote them, never a lagging replica)
  --json                 print the answer as JSON (user, action, resource, allowed, activeRoles,
                         resourceTags, chains, failure, reason, fix)

${COMMON_HELP}

Exit codes: 0 allowed, 2 denied, 1 error.

Examples:
  triton-iac can bob getuser /acme/users/alice
  triton-iac can bob listkeys /acme/keys --role keyholders
  triton-iac can ci putobject /acme/stor/site/index.html --when sourceip=10.0.0.7 --json
`;

/** `triton-iac can`: decides and explains one sub-user request. */
export const canCommand: Command = {
  name: 'can',
  help: HELP,
  async run(argv, io) {
    const args = parseArgs(
      argv,
      { ...COMMON_FLAGS, role: 'repeat', when: 'repeat', live: 'boolean', json: 'boolean', datacenter: 'string' },
      'can',
    );
    if (args.positionals.length < 3 || args.positionals.length > 4) {
      throw new UsageError(
        `\`triton-iac can\` takes USER ACTION RESOURCE [APP] (got ${args.positionals.length} word${args.positionals.length === 1 ? '' : 's'}); e.g. triton-iac can bob getuser /acme/users/alice`,
      );
    }
    const [user, action, resource, appArg] = args.positionals as [string, string, string, string | undefined];
    const actionProblem = checkAction(action);
    if (actionProblem !== undefined) throw new UsageError(`ACTION ${JSON.stringify(action)}: ${actionProblem}`);
    const common = commonOptions(args);
    const request: ModelRequest = {
      user,
      action,
      // A CloudAPI request path is decided as the resource it names (`/acme/fwrules/<id>/enable`: the rule).
      resource: resourceNamed(resource.replace(/\/+$/, '')),
      ...(args.repeats.has('role')
        ? {
            roles: args.repeats
              .get('role')!
              .flatMap((r) => r.split(','))
              .map((r) => r.trim())
              .filter((r) => r !== ''),
          }
        : {}),
      context: contextOf(args.repeats.get('when') ?? []),
    };
    const app = await loadAppFor(appArg, common, io);
    const session = await openSession(app, common, io);
    try {
      const { stack, directory, declaring } = canStacksOf(session.stacks, args.strings.get('datacenter'), app.path);
      const problem = checkResourcePath(stack.account, request.resource);
      if (problem !== undefined) throw new UsageError(`RESOURCE: ${problem}`);
      const options = await session.options(stack);
      const directoryClients = directory === stack ? options.clients : (await session.options(directory)).clients;
      let model = await liveAccessModel(directoryClients, stack.account, request.resource, action, options.clients);
      if (!args.booleans.has('live'))
        for (const s of declaring) model = overlayPlan(model, await planStack(s, await session.options(s)));
      const subUser = model.users.some((u) => u.toLowerCase() === user.toLowerCase());
      // Another account that is a member of one of the account's roles (a cross-account role).
      const crossAccount =
        !subUser &&
        model.roles.some((r) =>
          r.members.some((m) => m.type === 'account' && m.login.toLowerCase() === user.toLowerCase()),
        );
      if (!subUser && !crossAccount) {
        throw new UsageError(
          `USER ${JSON.stringify(user)} is not a sub-user of account ${stack.account}${args.booleans.has('live') ? '' : ', live or declared'}${didYouMean(user, [...model.users])}; give the login of one of its sub-users, or of an account that is a member of one of its roles`,
        );
      }
      const answer = answerRequest(model, crossAccount ? { ...request, crossAccount } : request);
      io.stdout.write(args.booleans.has('json') ? `${JSON.stringify(answer, null, 2)}\n` : answerText(answer));
      return answer.allowed ? 0 : 2;
    } finally {
      await session.close();
    }
  },
};

/**
 * The stacks `can` decides with: without `--datacenter`, the one stack of the run; with it, the
 * first stack in that datacenter (`stack`, through which the resource's role tags are read), the
 * stack declaring the account's account-wide objects (`directory`, read through the datacenter that
 * wrote them), and every stack whose declarations are laid over the live account (`declaring`).
 * @throws UsageError for several stacks and no `--datacenter`/`--stack`, or a datacenter no stack names
 */
function canStacksOf(
  stacks: readonly StackManifest[],
  datacenter: string | undefined,
  appPath: string,
): { stack: StackManifest; directory: StackManifest; declaring: readonly StackManifest[] } {
  if (datacenter === undefined) {
    if (stacks.length !== 1)
      throw new UsageError(
        `${appPath} has ${stacks.length} stacks (${stacks.map((s) => s.name).join(', ')}); name the account's stack with --stack NAME${stacks.some((s) => s.connection?.datacenter !== undefined) ? ', or the datacenter with --datacenter NAME' : ''}`,
      );
    return { stack: stacks[0]!, directory: stacks[0]!, declaring: [stacks[0]!] };
  }
  const inDc = stacks.filter((s) => s.connection?.datacenter === datacenter);
  const named = datacentersNamed(stacks);
  if (inDc.length === 0)
    throw new UsageError(
      `--datacenter ${JSON.stringify(datacenter)}: no stack of ${appPath} works in that datacenter (${named.length === 0 ? 'none names one' : `they name ${named.join(', ')}`})`,
    );
  const stack = inDc[0]!;
  const accountStacks = stacks.filter((s) => s.account === stack.account);
  const directory =
    accountStacks.find((s) => s.resources.some((r) => kindDescriptor(r.kind)?.scope === 'account')) ?? stack;
  const declaring = [...new Set([directory, ...inDc.filter((s) => s.account === stack.account)])];
  return { stack, directory, declaring };
}

/** The answer for a person: the verdict, why, the chain or the fix. */
export function answerText(a: AccessAnswer): string {
  const lines = [
    `${a.allowed ? 'ALLOWED' : 'DENIED'}: ${a.user} ${a.allowed ? 'may' : 'may not'} ${a.action} ${a.resource}`,
    `  why: ${a.reason}`,
  ];
  lines.push(
    `  active roles: ${a.activeRoles.join(', ') || '(none)'}; role tags on the resource: ${a.resourceTags.join(', ') || '(none)'}`,
  );
  if (a.allowed)
    for (const c of a.chains)
      lines.push(`  granted by: role ${c.role} → policy ${c.policy} → rule ${JSON.stringify(c.rule)}`);
  if (a.fix !== undefined) lines.push(`  to grant it: ${a.fix}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Reads `--when KEY=VALUE` pairs into the request values the rules' conditions read.
 * @throws UsageError for a pair without `=` or a time that is not a date.
 */
function contextOf(pairs: readonly string[]): NonNullable<ModelRequest['context']> {
  const ctx: { -readonly [K in keyof NonNullable<ModelRequest['context']>]: NonNullable<ModelRequest['context']>[K] } =
    { now: new Date() };
  const conditions: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0)
      throw new UsageError(`--when ${JSON.stringify(pair)} must be KEY=VALUE, e.g. --when sourceip=10.0.0.7`);
    const key = pair.slice(0, eq).trim().toLowerCase();
    const value = pair.slice(eq + 1).trim();
    switch (key) {
      case 'sourceip':
        ctx.sourceIp = value;
        break;
      case 'method':
        ctx.method = value;
        break;
      case 'user-agent':
        ctx.userAgent = value;
        break;
      case 'time':
      case 'date':
      case 'day': {
        const at = new Date(value);
        if (Number.isNaN(at.getTime()))
          throw new UsageError(
            `--when ${key}=${value}: ${JSON.stringify(value)} is not a date and time; give an ISO 8601 instant such as 2026-05-04T09:30:00Z`,
          );
        ctx.now = at;
        break;
      }
      case 'fromjob':
      case 'overwrite':
        if (value !== 'true' && value !== 'false')
          throw new UsageError(`--when ${key}=${value}: must be true or false`);
        ctx[key] = value === 'true';
        break;
      default:
        conditions[key] = value;
    }
  }
  if (Object.keys(conditions).length > 0) ctx.conditions = conditions;
  return ctx;
}

/** The resource a request path is authorised against: CloudAPI's resource name, a Manta path as it is. */
function resourceNamed(path: string): string {
  return serviceOf(path) === 'cloudapi' ? cloudApiResourceName(path) : path;
}
