/**
 * A CloudAPI client whose user list waits until some user's keys have been asked for: a caller that
 * waited for the user list before asking for keys would wait for ever, so the hold gives up (failing
 * the test) long after any run would have ended. It counts the logins whose keys were asked for.
 */
import type { CloudApiClient } from '../../provider/cloudapi/client.js';

/** `api` with its user list held until a key list is asked for, and the logins asked for. */
export function userListHeldUntilKeysAsked(api: CloudApiClient): { cloudapi: CloudApiClient; logins: string[] } {
  const logins: string[] = [];
  let keysAsked!: () => void;
  const asked = new Promise<void>((resolve) => (keysAsked = resolve));
  const cloudapi: CloudApiClient = {
    ...api,
    listUserKeys: (login, options) => {
      logins.push(login);
      keysAsked();
      return api.listUserKeys(login, options);
    },
    listUsers: async (options) => {
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the keys were asked for only after the user list')), 30_000);
      });
      await Promise.race([asked, gaveUp]).finally(() => clearTimeout(timer));
      return api.listUsers(options);
    },
  };
  return { cloudapi, logins };
}
