/**
 * Which objects a refusal names as missing or taken. CloudAPI says "X does not exist" only in its
 * message text (`Invalid subuser: bob`), so the patterns that read it live here, beside the client
 * that knows the server, and the engine reads the resulting facts (`TritonApiError.missing`,
 * `.nameTaken`) instead of the message.
 */
/** An object a refusal names as missing: the kind (`user`, `policy`, `role`) and its name. */
export interface MissingObject {
  readonly kind: string;
  readonly name: string;
}

// Names stop at the end of the message or at a trailing `[request-id …]` a client may append.
const MISSING_PATTERNS: readonly { readonly pattern: RegExp; readonly kind: string }[] = [
  { pattern: /Invalid subuser: ([^[]+?)\s*(?:\[|$)/, kind: 'user' },
  { pattern: /Invalid policy: ([^[]+?)\s*(?:\[|$)/, kind: 'policy' },
  { pattern: /Role\(s\) (.+?) not found/, kind: 'role' },
];

/**
 * The objects a CloudAPI refusal names as missing (`Invalid subuser: alice, bob` on CreateRole,
 * `Role(s) ops not found` on SetRoleTags): what a reference to an object the server does not see yet
 * looks like. Empty for any other failure.
 * @param status the HTTP status (these refusals come as 400, 404 or 409), or undefined for none
 */
export function missingObjectsOf(status: number | undefined, message: string): readonly MissingObject[] {
  if (status !== undefined && status !== 400 && status !== 404 && status !== 409) return [];
  for (const { pattern, kind } of MISSING_PATTERNS) {
    const match = pattern.exec(message);
    if (match)
      return match[1]!
        .split(/\s*,\s*/)
        .map((n) => n.trim())
        .filter((n) => n !== '')
        .map((name) => ({ kind, name }));
  }
  return [];
}

/**
 * True when a create was refused because its natural key is taken (a login, a name, a path). A
 * conflict on another unique field (an email address another user has) is not: no read by natural
 * key can find that object. A lost conditional race (`ConcurrentRequest`) is not either.
 */
export function isNameTaken(status: number | undefined, code: string | undefined, message: string): boolean {
  if (code === 'ConcurrentRequest') return false;
  if (/\bemail\b/i.test(message)) return false;
  return (
    /already (exists|taken)|not unique|duplicate/i.test(message) ||
    (status === 409 && /Exists|Conflict/.test(code ?? ''))
  );
}
