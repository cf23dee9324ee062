import { PassThrough, type Readable } from 'node:stream';
import { MantaError } from '../errors.js';

/**
 * Passes an upload body through, failing it with 408 `UploadTimeout` when no byte arrives for
 * `timeoutMs` (muskie mantav1 lib/obj.js: a CheckStream with `MUSKIE_DATA_TIMEOUT`, 45 s by
 * default, whose `timeout` event ends the PUT with UploadTimeoutError). The timer restarts on each
 * chunk, so only a stalled sender is refused, never a slow one.
 */
export function watchStall(body: Readable, timeoutMs: number): Readable {
  const out = new PassThrough();
  let timer: NodeJS.Timeout | undefined;
  const arm = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      body.unpipe(out);
      body.resume();
      out.destroy(new MantaError(408, 'UploadTimeout', 'request took too long to send data'));
    }, timeoutMs);
  };
  arm();
  body.on('data', arm);
  const stop = (): void => clearTimeout(timer);
  body.once('end', stop);
  body.once('error', stop);
  out.once('close', stop);
  body.on('error', (err) => out.destroy(err));
  body.pipe(out);
  return out;
}
