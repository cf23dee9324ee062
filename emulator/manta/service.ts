import { EmulatorError } from '../core/errors.js';
import type { EmulatorContext } from '../core/context.js';
import type { Reply, RequestContext, Route, Service } from '../core/types.js';
import { MantaState, isLoopbackUrl, type MantaStateOptions } from './state.js';
import { mantaBefore } from './private/auth.js';
import { objectRoutes } from './routes/objects.js';
import { jobRoutes } from './routes/jobs.js';
import { uploadRoutes } from './routes/uploads.js';
import { v2RemovedRoutes } from './routes/v2.js';
import { tokenRoutes } from './routes/tokens.js';

/**
 * The emulated Manta object store: directories, objects, snaplinks, compute jobs that really run
 * (only while the listener is on loopback and `jobExec` is on) and multipart uploads, behind
 * Manta's authentication, RBAC and error codes. Registers itself as the context's `mantaWriter`.
 * `options.version` picks the line: 1 answers as muskie's `mantav1` branch, 2 as master (Manta v2:
 * no jobs, no snaplinks, part numbers up to 799).
 */
export function createMantaService(ctx: EmulatorContext, options: MantaStateOptions = {}): Service {
  const state = new MantaState(ctx, {
    execBlocked: () =>
      isLoopbackUrl(ctx.urls.manta)
        ? undefined
        : `task execution is disabled: the emulator listens on ${ctx.urls.manta}, not on loopback`,
    ...options,
  });
  if (ctx.consistency.windowMs > 0) state.store.setConsistencyWindow(ctx.consistency.windowMs, ctx.clock);
  ctx.mantaWriter = state.writer();
  const namespace = objectRoutes(state);
  const fallback = (method: string): Route['handler'] | undefined =>
    namespace.find((r) => r.method === method && r.path === '/:login/*rest')?.handler;
  // Manta v2 (muskie master) has no jobs: no job routes, and nothing under /:login/jobs.
  const jobs = state.version === 2 ? v2RemovedRoutes() : jobRoutes(state);
  const routes: Route[] = [...jobs, ...tokenRoutes(), ...uploadRoutes(state, fallback), ...namespace];
  return {
    name: 'manta',
    routes,
    maxBodyBytes: 1024 * 1024,
    deferContinueFor: ['PUT'],
    // mantav1 muskie runs on Node 0.10, whose HTTP server looks only at `100-continue` and lets
    // any other Expect through (muskie's mantav1 test/mpu/helper.js sends `expect:
    // application/json` on every upload create); master runs on Node 6, which answers 417.
    ignoreOtherExpectations: state.version === 1,
    standardHeaders(rc: RequestContext, elapsedMs: number): Record<string, string> {
      return {
        // mantav1's earlySetupHandler sends `Server: Manta`; master names its restify 6 server
        // `Manta/2` (lib/configure.js `cfg.name`), which restify sends on every response.
        server: state.version === 1 ? 'Manta' : 'Manta/2',
        'x-request-id': rc.requestId,
        'x-response-time': String(Math.max(0, Math.round(elapsedMs))),
        'x-server-name': 'manta-emulator',
      };
    },
    before: (rc) => mantaBefore(rc, state.operators),
    formatError(err: EmulatorError): Reply {
      return { status: err.status, body: { code: err.code, message: err.message }, headers: err.headers };
    },
    routeNotFound(method: string, path: string, methodMismatch: boolean): EmulatorError {
      return methodMismatch
        ? new EmulatorError(405, 'MethodNotAllowed', `${method} is not allowed on ${path}`)
        : new EmulatorError(404, 'ResourceNotFound', `${path} was not found`);
    },
    faultError(kind): EmulatorError {
      if (kind === 'throttled')
        return new EmulatorError(503, 'Throttled', 'manta throttled this request: you have exceeded your request rate');
      if (kind === 'unavailable')
        return new EmulatorError(503, 'ServiceUnavailable', 'the service is temporarily unavailable (injected fault)');
      return new EmulatorError(500, 'InternalError', 'internal error (injected fault)');
    },
    async close(): Promise<void> {
      await state.close();
    },
  };
}
