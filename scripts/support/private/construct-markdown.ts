/**
 * Renders the collected class docs as the Markdown of `docs/construct-reference.md`. Pure and
 * deterministic: the same docs always give the same bytes, so a test can compare it with the file.
 */
import type { ClassDoc, MemberDoc, PropDoc } from './construct-docs.js';

/** The page for `docs`, which are in export order; `command` is how to regenerate it. */
export function renderMarkdown(docs: readonly ClassDoc[], command: string): string {
  const known = new Set(docs.map((d) => d.name));
  const constructs = docs.filter((d) => d.isConstruct);
  const factories = docs.filter((d) => !d.isConstruct);
  const out: string[] = [
    '# Construct reference',
    '',
    `<!-- Generated from the TSDoc in constructs/ by \`${command}\`; do not edit by hand. -->`,
    '',
    'Every construct class exported by `triton-iac`, in export order, with its props, static members',
    'and attributes, followed by the other classes that offer static factories. How the pieces fit',
    'together is in [constructs.md](constructs.md).',
    '',
    `- Constructs: ${constructs.map(contentsLink).join(', ')}`,
    `- Factories: ${factories.map(contentsLink).join(', ')}`,
    '',
    '## Constructs',
    '',
    ...constructs.flatMap((d) => classSection(d, known)),
    '## Factories',
    '',
    ...factories.flatMap((d) => classSection(d, known)),
  ];
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}

function contentsLink(doc: ClassDoc): string {
  return `[${doc.name}](#${doc.name.toLowerCase()})`;
}

function classSection(doc: ClassDoc, known: ReadonlySet<string>): string[] {
  const out = [`### ${doc.name}`, ''];
  if (doc.isAbstract) out.push('*Abstract: subclassed, never created directly.*', '');
  if (doc.summary !== '') out.push(prose(doc.summary, known), '');
  if (doc.constructorSignature !== undefined) out.push('```ts', doc.constructorSignature, '```', '');
  if (doc.propsName !== undefined && doc.props.length > 0) {
    out.push(
      `**Props** (\`${doc.propsName}\`)`,
      '',
      '| Name | Type | Required | Default | Description |',
      '| --- | --- | --- | --- | --- |',
    );
    out.push(...doc.props.map((p) => propRow(p, known)), '');
  }
  if (doc.statics.length > 0) out.push('**Static members**', '', ...doc.statics.flatMap((m) => staticBlock(m, known)));
  if (doc.attributes.length > 0) {
    out.push(
      '**Attributes**',
      '',
      ...doc.attributes.map(
        (m) => `- \`${m.signature}\`${m.description === '' ? '' : `: ${cell(prose(m.description, known))}`}`,
      ),
      '',
    );
  }
  return out;
}

function propRow(p: PropDoc, known: ReadonlySet<string>): string {
  const cells = [
    `\`${p.name}\``,
    `\`${p.type}\``,
    p.optional ? 'optional' : 'required',
    defaultCell(p.defaultText),
    prose(p.description, known),
  ];
  return `| ${cells.map(cell).join(' | ')} |`;
}

function staticBlock(m: MemberDoc, known: ReadonlySet<string>): string[] {
  return ['```ts', m.signature, '```', '', ...(m.description === '' ? [] : [prose(m.description, known), ''])];
}

/**
 * The CDK convention: `@default - text` is a description, anything else is a literal value.
 * An empty tag says nothing, so it shows as a dash like a missing one.
 */
function defaultCell(text: string | undefined): string {
  if (text === undefined || text === '') return '—';
  return text.startsWith('- ') ? text.slice(2) : `\`${text}\``;
}

/** `{@link X}` becomes a link when X is on this page, else code. */
function prose(text: string, known: ReadonlySet<string>): string {
  return text.replace(
    /\{@link\s+([^\s|}]+)(?:\s*\|?\s*([^}]*))?\}/g,
    (_all, target: string, label: string | undefined) => {
      const shown = `\`${label?.trim() || target}\``;
      const page = target.split('.')[0]!;
      return known.has(page) ? `[${shown}](#${page.toLowerCase()})` : shown;
    },
  );
}

/** One table cell: a `|` would end the cell and a newline the row. */
function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}
