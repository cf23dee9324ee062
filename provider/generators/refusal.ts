/** A failed read in words, for a note. */

/** Why a read failed, as the server said it (`403 NotAuthorized: …`), or the error's message. */
export function refusal(err: unknown): string {
  const e = err as { status?: number; apiCode?: string; serverMessage?: string; message?: string };
  if (typeof e.status === 'number' && e.status > 0)
    return `${e.status} ${e.apiCode ?? ''}: ${e.serverMessage ?? ''}`.trim();
  return e.message ?? String(err);
}
