/** Role-tag header parsing shared by both clients. */

/** Parses a `role-tag` header (CloudAPI's `a,b`, Manta's `a, b`) into role names. */
export function parseRoleTagHeader(value: string | string[] | undefined): string[] {
  const text = Array.isArray(value) ? value.join(',') : value;
  if (text === undefined || text.trim() === '') return [];
  return text
    .split(',')
    .map((r) => r.trim())
    .filter((r) => r !== '');
}
