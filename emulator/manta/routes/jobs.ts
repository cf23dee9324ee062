import type { Reply, RequestContext, Route } from '../../core/types.js';
import type { MantaState } from '../state.js';
import { activeOwnerRoleNames, authorizeManta, jobReader, mantaLocals } from '../private/auth.js';
import { decideManta } from '../private/rbac.js';
import { MantaError } from '../errors.js';
import { checkRoleTags, readText } from '../private/http.js';
import { roleTagHeader } from '../private/metadata.js';

/** Largest AddJobInputs body accepted at once. */
const MAX_INPUT_BODY = 8 * 1024 * 1024;

function jobTags(state: MantaState, login: string): readonly string[] {
  state.store.ensureAccount(login);
  return state.store.tryGet(`/${login}/jobs`)?.roleTags ?? [];
}

function lines(items: readonly string[]): string {
  return items.map((i) => `${i}\n`).join('');
}

/** The compute-job endpoints of manta.md ("Jobs"). */
export function jobRoutes(state: MantaState): Route[] {
  const { jobs } = state;
  const guard = (rc: RequestContext, action: string): { login: string; id: string } => {
    const login = mantaLocals(rc).login;
    authorizeManta(rc, action, `/${login}/jobs`, jobTags(state, login));
    return { login, id: rc.params['id'] ?? '' };
  };
  const textList = (status: number, items: readonly string[]): Reply => ({
    status,
    body: lines(items),
    headers: { 'content-type': 'text/plain', 'result-set-size': String(items.length) },
  });
  return [
    {
      method: 'POST',
      path: '/:login/jobs',
      name: 'CreateJob',
      handler(rc) {
        const { login } = guard(rc, 'createjob');
        ensurePutAccess(rc);
        // The job's directories are tagged as any new entry (mantav1 lib/jobs/create.js `mkdirForJob`,
        // lib/common.js `createMetadata`): the Role-Tag header's roles, else a sub-user's active roles.
        const requested = roleTagHeader(rc.req.headers);
        checkRoleTags(rc, requested);
        const tags = requested ?? (rc.auth?.user !== undefined ? activeOwnerRoleNames(rc) : []);
        const job = jobs.create(login, rc.body, jobReader(rc, login), tags);
        return { status: 201, headers: { location: `/${login}/jobs/${job.id}` } };
      },
    },
    {
      method: 'GET',
      path: '/:login/jobs',
      name: 'ListJobs',
      handler(rc) {
        const { login } = guard(rc, 'listjobs');
        const { running, name } = listJobsQuery(rc);
        const list = jobs.list(login, running).filter((j) => name === undefined || j.name === name);
        const body = list
          .map((j) => `${JSON.stringify({ name: j.id, type: 'directory', mtime: j.timeCreated })}\n`)
          .join('');
        // mantav1 lib/jobs/list.js `listLiveJobs`: entries shaped like directories, but the stream
        // is `type=job`, with no Result-Set-Size, and written only with the first record (none: no type).
        if (list.length === 0) return { status: 200, body };
        return { status: 200, body, headers: { 'content-type': 'application/x-json-stream; type=job' } };
      },
    },
    {
      method: 'GET',
      path: '/:login/jobs/:id/live/status',
      name: 'GetJob',
      handler(rc) {
        const { login, id } = guard(rc, 'getjob');
        return { status: 200, body: jobs.get(login, id) };
      },
    },
    {
      method: 'POST',
      path: '/:login/jobs/:id/live/in',
      name: 'AddJobInputs',
      body: 'stream',
      async handler(rc) {
        const { login, id } = guard(rc, 'managejob');
        jobs.get(login, id);
        const text = await readText(rc, MAX_INPUT_BODY);
        jobs.addInputs(
          login,
          id,
          text
            .split('\n')
            .map((l) => l.trim())
            .filter((l) => l !== ''),
        );
        // `?end=true` closes the input after these keys (mantav1 lib/jobs/input.js submitInputKeys).
        if (rc.query.get('end') !== null && rc.query.get('end') !== '') jobs.endInput(login, id);
        return { status: 204 };
      },
    },
    {
      method: 'POST',
      path: '/:login/jobs/:id/live/in/end',
      name: 'EndJobInput',
      handler(rc) {
        const { login, id } = guard(rc, 'managejob');
        jobs.endInput(login, id);
        return { status: 202 };
      },
    },
    {
      method: 'POST',
      path: '/:login/jobs/:id/live/cancel',
      name: 'CancelJob',
      handler(rc) {
        const { login, id } = guard(rc, 'managejob');
        jobs.cancel(login, id);
        return { status: 202 };
      },
    },
    {
      method: 'GET',
      path: '/:login/jobs/:id/live/out',
      name: 'GetJobOutput',
      handler(rc) {
        const { login, id } = guard(rc, 'getjob');
        return textList(200, jobs.outputs(login, id));
      },
    },
    {
      method: 'GET',
      path: '/:login/jobs/:id/live/in',
      name: 'GetJobInput',
      handler(rc) {
        const { login, id } = guard(rc, 'getjob');
        return textList(200, jobs.inputs(login, id));
      },
    },
    {
      method: 'GET',
      path: '/:login/jobs/:id/live/fail',
      name: 'GetJobFailures',
      handler(rc) {
        const { login, id } = guard(rc, 'getjob');
        return textList(200, jobs.failures(login, id));
      },
    },
    {
      method: 'GET',
      path: '/:login/jobs/:id/live/err',
      name: 'GetJobErrors',
      handler(rc) {
        const { login, id } = guard(rc, 'getjob');
        const errors = jobs.errors(login, id);
        const body = errors.map((e) => `${JSON.stringify(e)}\n`).join('');
        return {
          status: 200,
          body,
          headers: {
            'content-type': 'application/x-json-stream; type=job-error',
            'result-set-size': String(errors.length),
          },
        };
      },
    },
  ];
}

/**
 * A sub-user's job writes its outputs with the sub-user's active roles, so CreateJob first checks
 * that those roles may `putobject` and `putdirectory` on a resource tagged with exactly them
 * (muskie mantav1 lib/jobs/create.js `ensurePutAccess`); the account owner may always.
 * @throws MantaError 403 `MissingPermission` naming the action no role grants
 */
function ensurePutAccess(rc: RequestContext): void {
  const auth = rc.auth;
  if (auth?.user === undefined) return;
  const locals = mantaLocals(rc);
  const owner = rc.ctx.store.tryAccount(locals.login);
  if (owner === undefined) return;
  for (const action of ['putobject', 'putdirectory']) {
    const decision = decideManta({
      auth,
      owner,
      active: locals.activeRoles,
      action,
      resource: '',
      resourceTags: activeOwnerRoleNames(rc),
      now: rc.ctx.clock(),
      sourceIp: rc.sourceIp,
      method: rc.method,
    });
    if (!decision.allowed) throw new MantaError(403, 'MissingPermission', `missing role allowing ${action}`);
  }
}

/**
 * ListJobs' query, checked as mantav1 lib/jobs/list.js `listLiveJobs` does: `state` (or `status`)
 * is `live` or `running` (both list the jobs not yet done), `name` matches `^[\w\d-]+$`.
 * @throws MantaError 400 `InvalidParameter` '"<value>" is invalid for "<key>"'
 */
function listJobsQuery(rc: RequestContext): { running: boolean; name: string | undefined } {
  for (const key of ['state', 'status']) {
    const v = rc.query.get(key);
    if (v !== null && v !== '' && v !== 'live' && v !== 'running')
      throw new MantaError(400, 'InvalidParameter', `"${v}" is invalid for "${key}"`);
  }
  const name = rc.query.get('name') ?? '';
  if (name !== '' && !/^[\w-]+$/.test(name))
    throw new MantaError(400, 'InvalidParameter', `"${name}" is invalid for "name"`);
  const state = rc.query.get('state') ?? rc.query.get('status') ?? '';
  return { running: state !== '', name: name === '' ? undefined : name };
}
