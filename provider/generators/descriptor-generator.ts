/**
 * The generator a kind gets from its descriptor's `generate` rule alone (a kind whose construct
 * takes its manifest properties as they are: policies, firewall rules): its live objects listed
 * and normalised by its handler, each written as `new <construct>(stack, <id>, { … })` with one
 * prop per property that is set and is neither derived, write-only, recorded-only nor its default.
 * A property whose descriptor says it `refersTo` another kind names that object's variable when the
 * program declares it.
 */
import type { DefaultValue, FieldSchema } from '../../common/kinds/index.js';
import type { DescribedKind, FoundItem, KindGenerator, ProgramWriter } from './types.js';
import { listNormalised } from './private/support.js';

/** The generator `descriptor.generate` describes. */
export function descriptorGenerator(descriptor: DescribedKind): KindGenerator {
  const rule = descriptor.generate;
  const name = rule.name ?? descriptor.kind;
  const written = descriptor.properties.filter(
    (f) => f.derived !== true && f.writeOnly !== true && f.recorded !== true,
  );
  const taggedPath = (props: Readonly<Record<string, unknown>>, account: string): string | undefined =>
    rule.taggedPath?.replace(/\{(\w+)\}/g, (_, f: string) => (f === 'account' ? account : String(props[f] ?? '')));
  return {
    names: [name],
    kinds: [descriptor.kind],
    readOrder: rule.order,
    order: rule.order,
    async read(r) {
      if (!r.wants(name)) return [];
      return r.attempt(`${descriptor.kind} objects`, [] as FoundItem[], async () =>
        (await listNormalised(r, descriptor.kind)).map((live) => ({
          kind: descriptor.kind,
          props: Object.fromEntries(
            written.flatMap((f) => (live[f.name] !== undefined ? [[f.name, live[f.name]]] : [])),
          ),
        })),
      );
    },
    render(items, w) {
      w.section(rule.heading);
      items.forEach((item, n) => {
        const idText = rule.idField !== undefined ? String(item.props[rule.idField] ?? '') : '';
        const props = (id: string): string[] =>
          written.flatMap((f) =>
            rule.idIsDefault === true && f.name === rule.idField && id === idText
              ? []
              : propOf(f, item.props[f.name], w),
          );
        const variable = rule.variable !== undefined ? String(item.props[rule.variable.field] ?? '') : '';
        w.construct(
          rule.construct,
          idText !== '' ? idText : `${descriptor.kind}-${n + 1}`,
          props,
          variable !== ''
            ? {
                kind: descriptor.kind,
                key: variable,
                from: variable,
                suffix: rule.variable!.suffix,
                ...withPath(taggedPath(item.props, w.account)),
              }
            : undefined,
        );
      });
    },
    taggedPath: (item, account) => taggedPath(item.props, account),
  };
}

/** `field: value` for one property, or nothing when it is unset, empty or its default. */
function propOf(field: FieldSchema, value: unknown, w: ProgramWriter): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (field.default !== undefined && sameValue(value, field.default)) return [];
  const key = /^[A-Za-z_$][\w$]*$/.test(field.name) ? field.name : w.literal(field.name);
  const refer = field.refersTo;
  if (refer !== undefined && typeof value === 'string') {
    const key2 = refer.caseInsensitive === true ? value.toLowerCase() : value;
    return [`${key}: ${w.ref(refer.kind, key2) ?? w.literal(value)}`];
  }
  if (refer !== undefined && Array.isArray(value) && value.every((v) => typeof v === 'string'))
    return [`${key}: [${value.map((v: string) => w.ref(refer.kind, v) ?? w.literal(v)).join(', ')}]`];
  return [`${key}: ${w.value(value)}`];
}

function withPath(path: string | undefined): { taggedPath?: string } {
  return path !== undefined ? { taggedPath: path } : {};
}

function sameValue(a: unknown, b: DefaultValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
