/**
 * A small JSON Schema checker covering exactly the keywords `docs/manifest.schema.json` uses (type,
 * properties, required, additionalProperties, items, enum, const, oneOf, allOf, if/then, $ref to
 * `#/$defs/…`, pattern, minItems, minimum, maximum, minLength), so the tests can hold synthesized
 * manifests against the published schema without a new dependency.
 */

type Schema = { readonly [keyword: string]: unknown };

/** Every violation of `schema` by `value`, as `<json path>: <problem>`; empty when valid. */
export function checkSchema(root: Schema, value: unknown): string[] {
  return check(root, root, value, '$');
}

function check(root: Schema, schema: Schema, value: unknown, at: string): string[] {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/$defs/', '');
    return check(root, (root.$defs as Record<string, Schema>)[name]!, value, at);
  }
  const out: string[] = [];
  if (schema.const !== undefined && value !== schema.const) out.push(`${at}: must be ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value))
    out.push(`${at}: ${JSON.stringify(value)} not in enum`);
  if (typeof schema.type === 'string' && !hasType(value, schema.type)) return [...out, `${at}: must be ${schema.type}`];
  if (typeof value === 'string') {
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value))
      out.push(`${at}: does not match ${schema.pattern}`);
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) out.push(`${at}: too short`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) out.push(`${at}: below minimum`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) out.push(`${at}: above maximum`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) out.push(`${at}: too few items`);
    if (schema.items !== undefined)
      value.forEach((v, i) => out.push(...check(root, schema.items as Schema, v, `${at}[${i}]`)));
  } else if (typeof value === 'object' && value !== null) {
    const obj = value as Record<string, unknown>;
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const r of (schema.required ?? []) as string[]) if (!(r in obj)) out.push(`${at}: missing ${r}`);
    for (const [k, v] of Object.entries(obj)) {
      if (props[k] !== undefined) out.push(...check(root, props[k], v, `${at}.${k}`));
      else if (schema.additionalProperties === false) out.push(`${at}: unexpected property ${k}`);
      else if (typeof schema.additionalProperties === 'object')
        out.push(...check(root, schema.additionalProperties as Schema, v, `${at}.${k}`));
    }
  }
  if (Array.isArray(schema.oneOf)) {
    const passing = (schema.oneOf as Schema[]).filter((s) => check(root, s, value, at).length === 0).length;
    if (passing !== 1) out.push(`${at}: matches ${passing} of the oneOf alternatives`);
  }
  for (const sub of (schema.allOf ?? []) as Schema[]) {
    if (sub.if !== undefined) {
      if (check(root, sub.if as Schema, value, at).length === 0)
        out.push(...check(root, sub.then as Schema, value, at));
    } else {
      out.push(...check(root, sub, value, at));
    }
  }
  return out;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    default:
      return typeof value === type;
  }
}
