/**
 * Finds where code names a kind of resource by a quoted word: a kind's name (`'role-tag'`) used as
 * a kind. Many kind names are also plain words (`typeof x === 'object'`, a plan's `account` field,
 * a member of type `'account'`), so a quoted kind name counts only where it can only mean a kind:
 * - compared with something called `kind` (`r.kind === 'user'`, `kind !== 'job'`);
 * - a `case` of a `switch` on something called `kind`;
 * - the value or literal type of a property, variable or parameter called `…kind…` (`kind: 'role'`);
 * - an argument of a function called `…kind…` (`kindDescriptor('user')`, `KINDS.has('user')`);
 * - in a list whose entries are all kind names (`new Set(['role-tag', 'directory'])`);
 * - a key of a table whose keys are all kind names (`{ user: …, 'image-lookup': … }`, or
 *   the `[key, value]` entries of `new Map([['user', …], ['role', …]])`).
 */
import ts from 'typescript';

/** One quoted kind name found in a source file. */
export interface KindLiteral {
  readonly line: number;
  readonly column: number;
  readonly kind: string;
  /** How it is used, e.g. `compared with r.kind`. */
  readonly use: string;
}

/** The quoted kind names of `kinds` that `source` uses as kinds (see the module comment), in source order. */
export function kindLiteralsIn(source: ts.SourceFile, kinds: ReadonlySet<string>): KindLiteral[] {
  const found: KindLiteral[] = [];
  const record = (node: ts.Node, kind: string, use: string): void => {
    const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ line: line + 1, column: character + 1, kind, use });
  };
  const isKindName = (node: ts.Node): node is ts.StringLiteralLike | ts.Identifier =>
    (ts.isStringLiteralLike(node) || ts.isIdentifier(node)) && kinds.has(node.text);
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) && kinds.has(node.text)) {
      const use = useAsKind(node, kinds, source);
      if (use !== undefined) record(node, node.text, use);
    } else if (ts.isObjectLiteralExpression(node)) {
      // A table keyed by kind: identifier keys are no string literals, so the table is looked at whole.
      const names = node.properties.map((p) => (ts.isPropertyAssignment(p) ? p.name : undefined));
      if (names.length >= 2 && names.every((n) => n !== undefined && isKindName(n)))
        for (const n of names) record(n!, (n as ts.Identifier).text, 'a key of a table of kinds');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** How `literal` is used as a kind, or `undefined` when it is used as something else. */
function useAsKind(
  literal: ts.StringLiteralLike,
  kinds: ReadonlySet<string>,
  source: ts.SourceFile,
): string | undefined {
  const inner = outermost(literal);
  const parent = inner.parent;
  const text = (node: ts.Node): string => node.getText(source);
  if (ts.isBinaryExpression(parent) && EQUALITY.has(parent.operatorToken.kind)) {
    const other = parent.left === inner ? parent.right : parent.left;
    return namesKind(other) ? `compared with ${text(other)}` : undefined;
  }
  if (ts.isCaseClause(parent) && parent.expression === inner) {
    const discriminant = parent.parent.parent.expression;
    return namesKind(discriminant) ? `a case of switch (${text(discriminant)})` : undefined;
  }
  if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.arguments?.includes(inner as ts.Expression))
    return /kind/i.test(text(parent.expression)) ? `an argument of ${text(parent.expression)}` : undefined;
  if (ts.isArrayLiteralExpression(parent)) {
    if (parent.elements.every((e) => ts.isStringLiteralLike(e) && kinds.has(e.text))) return 'in a list of kinds';
    const table = parent.parent;
    if (
      parent.elements[0] === inner &&
      ts.isArrayLiteralExpression(table) &&
      table.elements.every(
        (entry) =>
          ts.isArrayLiteralExpression(entry) &&
          entry.elements.length === 2 &&
          entry.elements[0] !== undefined &&
          ts.isStringLiteralLike(entry.elements[0]) &&
          kinds.has(entry.elements[0].text),
      )
    )
      return 'a key of a table of kinds';
    return undefined;
  }
  const declared = declarationOf(inner);
  if (declared !== undefined && /kind/i.test(declared)) return `the value of ${declared}`;
  return undefined;
}

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** `node`, or the literal type, parentheses, `as const` or union around it. */
function outermost(node: ts.Node): ts.Node {
  let at = node;
  while (
    ts.isLiteralTypeNode(at.parent) ||
    ts.isUnionTypeNode(at.parent) ||
    ts.isParenthesizedExpression(at.parent) ||
    ts.isParenthesizedTypeNode(at.parent) ||
    ts.isAsExpression(at.parent) ||
    ts.isSatisfiesExpression(at.parent) ||
    ts.isConditionalExpression(at.parent)
  )
    at = at.parent;
  return at;
}

/** Whether `node` is something called `kind` (or `…Kind`): `kind`, `r.kind`, `c['kind']`, `resourceKind`. */
function namesKind(node: ts.Node): boolean {
  let at = node;
  while (ts.isParenthesizedExpression(at) || ts.isNonNullExpression(at) || ts.isAsExpression(at)) at = at.expression;
  const name = ts.isIdentifier(at)
    ? at.text
    : ts.isPropertyAccessExpression(at)
      ? at.name.text
      : ts.isElementAccessExpression(at) && ts.isStringLiteralLike(at.argumentExpression)
        ? at.argumentExpression.text
        : undefined;
  return name !== undefined && /kind$/i.test(name);
}

/** The name of the property, variable or parameter whose value or type `node` is, if it is one. */
function declarationOf(node: ts.Node): string | undefined {
  const parent = node.parent;
  if (
    (ts.isPropertyAssignment(parent) ||
      ts.isVariableDeclaration(parent) ||
      ts.isParameter(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isBindingElement(parent)) &&
    parent.name !== node &&
    (ts.isIdentifier(parent.name) || ts.isStringLiteralLike(parent.name))
  )
    return parent.name.text;
  if (ts.isTypeAliasDeclaration(parent)) return parent.name.text;
  return undefined;
}
