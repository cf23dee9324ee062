/**
 * When requests are on the wire, from undici's diagnostics channel (`undici:client:sendHeaders`,
 * published once a request's headers are written to its socket). A caller that starts requests and
 * then runs long synchronous work (building an app) waits for this first, so that the requests are
 * sent, and their answers on their way, before the thread is busy: a connection is only made, and a
 * request only written, when the event loop gets a turn.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';

const CHANNEL = 'undici:client:sendHeaders';

/**
 * Resolves once `count` requests' headers have been written by undici clients of this process,
 * counted from this call; or after `maxWaitMs`, whichever comes first (it never rejects).
 */
export function requestsSent(count: number, maxWaitMs: number): Promise<void> {
  return new Promise((resolve) => {
    let left = count;
    const done = (): void => {
      clearTimeout(timer);
      unsubscribe(CHANNEL, sent);
      resolve();
    };
    const sent = (): void => {
      if (--left <= 0) done();
    };
    const timer = setTimeout(done, maxWaitMs);
    if (left <= 0) done();
    else subscribe(CHANNEL, sent);
  });
}
