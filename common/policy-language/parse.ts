/**
 * The parser of CloudAPI's access-control language (Joyent's "aperture"):
 *
 * ```text
 * rule       := [list] CAN [NOT] list [list] [(WHEN | IF | WHERE) or]
 * list       := item ((',' | AND | ',' AND) item)*        item := word | "quoted" | *
 * or         := and (OR and)*          and := not (AND not)*          not := NOT not | primary
 * primary    := '(' or ')' | lhs op value | lhs IN '(' value (',' value)* ')' | lhs LIKE pattern
 * lhs        := known-name | name '::' type        type := string | ip | date | day | time | number
 * ```

 * An untyped condition must be one of the names CloudAPI knows (its type comes from the name); a
 * typed one may have any name, as in aperture's grammar (`foo::string = bar`, `tag_role::string = db`).
 *
 * Keywords are case-insensitive; names and values are not (except day names and booleans). Every
 * failure is a {@link PolicySyntaxError} whose message ends in the 0-based position.
 */
import { PolicySyntaxError } from './errors.js';
import { CONDITION_TYPE_NAMES, KNOWN_CONDITIONS } from './policy-rule.js';
import type {
  ComparisonCondition,
  ComparisonOperator,
  Condition,
  ConditionTypeName,
  Operand,
  PolicyRule,
} from './policy-rule.js';
import { CONDITION_TYPES, EXPLICIT_TYPES, type ConditionSpec } from './private/condition-types.js';
import { Lexer } from './private/lexer.js';
import type { Token } from './private/lexer.js';
import { readOperand, readPattern } from './private/operands.js';

// Words that cannot be a bare principal, action, resource, condition name or value; quote them.
const RESERVED = new Set(['can', 'cannot', 'not', 'and', 'or', 'when', 'if', 'where', 'in', 'like']);
const CONDITION_START = new Set(['when', 'if', 'where']);
const ANY = new Set(['*', 'all', 'everything', 'anything']);

/**
 * Guards against stack exhaustion: the parser and the evaluator recurse over the condition tree, so
 * a hostile rule of 100 000 `(` must fail as a syntax error rather than crash the server.
 */
export const MAX_CONDITION_DEPTH = 32;
/** The most comparisons one rule may hold (AND/OR chains make the tree that deep). */
export const MAX_CONDITIONS = 256;

/**
 * Parses one rule.
 *
 * @throws PolicySyntaxError when the text is not a rule of the language, including an unknown
 *   condition name (then `conditionName` is set).
 */
export function parsePolicyRule(text: string): PolicyRule {
  return new Parser(text).parseRule();
}

/** Parses one rule, returning the error instead of throwing it. */
export function tryParsePolicyRule(
  text: string,
): { ok: true; rule: PolicyRule } | { ok: false; error: PolicySyntaxError } {
  try {
    return { ok: true, rule: parsePolicyRule(text) };
  } catch (error) {
    if (error instanceof PolicySyntaxError) return { ok: false, error };
    throw error;
  }
}

function keyword(token: Token): string | undefined {
  return token.kind === 'word' ? token.value.toLowerCase() : undefined;
}

function describe(token: Token): string {
  return token.kind === 'eof' ? 'the end of the rule' : `"${token.raw}"`;
}

class Parser {
  private readonly lexer: Lexer;
  private depth = 0;
  private comparisons = 0;

  constructor(private readonly text: string) {
    if (typeof text !== 'string') {
      throw new PolicySyntaxError(`a rule must be a string, got ${typeof text} at position 0`, String(text), 0);
    }
    this.lexer = new Lexer(text);
  }

  parseRule(): PolicyRule {
    let principals: string[] = [];
    const first = this.lexer.peek();
    if (first.kind === 'eof') throw this.fail(`expected "CAN" at position ${first.start}; the rule is empty`, first);
    if (!this.isEffect(first)) {
      principals = this.parseList('a principal', undefined, false);
      const after = this.lexer.peek();
      if (!this.isEffect(after))
        throw this.fail(
          `expected "CAN" after the principals, found ${describe(after)} at position ${after.start}`,
          after,
        );
    }
    const can = this.lexer.next();
    let effect: 'allow' | 'deny' = 'allow';
    let effectText = 'CAN';
    if (keyword(can) === 'cannot') {
      effect = 'deny';
      effectText = 'CANNOT';
    } else if (keyword(this.lexer.peek()) === 'not') {
      this.lexer.next();
      effect = 'deny';
      effectText = 'CAN NOT';
    }
    const actions = this.parseList('an action', effectText, true);
    let resources: string[] = [];
    const next = this.lexer.peek();
    if (this.isItem(next) && !CONDITION_START.has(keyword(next) ?? '')) {
      resources = this.parseList('a resource', undefined, false);
    }
    let condition: Condition | undefined;
    const start = this.lexer.peek();
    const startWord = keyword(start);
    if (startWord !== undefined && CONDITION_START.has(startWord)) {
      this.lexer.next();
      condition = this.parseOr(startWord.toUpperCase());
    }
    const end = this.lexer.peek();
    if (end.kind !== 'eof') {
      const expected =
        condition === undefined ? '"WHEN", "IF", "WHERE" or the end of the rule' : '"AND", "OR" or the end of the rule';
      throw this.fail(`unexpected ${describe(end)} at position ${end.start}; expected ${expected}`, end);
    }
    const rule: PolicyRule = { text: this.text, effect, principals, actions, resources };
    return condition === undefined ? rule : { ...rule, condition };
  }

  private isEffect(token: Token): boolean {
    const word = keyword(token);
    return word === 'can' || word === 'cannot';
  }

  private isItem(token: Token): boolean {
    if (token.kind === 'string') return true;
    return token.kind === 'word' && !RESERVED.has(token.value.toLowerCase());
  }

  /** `item ((, | AND | , AND) item)*`; `after` names what precedes the first item, for messages. */
  private parseList(what: string, after: string | undefined, lowerCase: boolean): string[] {
    const items: string[] = [];
    let previous = after;
    for (;;) {
      const token = this.lexer.peek();
      if (!this.isItem(token)) {
        const where = previous === undefined ? '' : ` after "${previous}"`;
        throw this.fail(`expected ${what}${where} at position ${token.start}`, token);
      }
      this.lexer.next();
      const value = token.kind === 'word' && ANY.has(token.value.toLowerCase()) ? '*' : token.value;
      items.push(lowerCase ? value.toLowerCase() : value);
      const sep = this.lexer.peek();
      if (sep.kind === ',') {
        this.lexer.next();
        previous = ',';
        if (keyword(this.lexer.peek()) === 'and') previous = this.lexer.next().raw;
      } else if (keyword(sep) === 'and') {
        previous = this.lexer.next().raw;
      } else {
        return items;
      }
    }
  }

  private parseOr(after: string): Condition {
    let left = this.parseAnd(after);
    while (keyword(this.lexer.peek()) === 'or') {
      const op = this.lexer.next();
      left = { kind: 'or', left, right: this.parseAnd(op.raw) };
    }
    return left;
  }

  private parseAnd(after: string): Condition {
    let left = this.parseNot(after);
    while (keyword(this.lexer.peek()) === 'and') {
      const op = this.lexer.next();
      left = { kind: 'and', left, right: this.parseNot(op.raw) };
    }
    return left;
  }

  private parseNot(after: string): Condition {
    const token = this.lexer.peek();
    if (keyword(token) === 'not' || token.kind === '(') {
      if (this.depth >= MAX_CONDITION_DEPTH) {
        throw this.fail(
          `conditions are nested more than ${MAX_CONDITION_DEPTH} levels deep at position ${token.start}`,
          token,
        );
      }
      this.depth++;
      try {
        if (token.kind === '(') return this.parsePrimary(after);
        const op = this.lexer.next();
        return { kind: 'not', operand: this.parseNot(op.raw) };
      } finally {
        this.depth--;
      }
    }
    return this.parsePrimary(after);
  }

  private parsePrimary(after: string): Condition {
    const token = this.lexer.peek();
    if (token.kind === '(') {
      this.lexer.next();
      const inner = this.parseOr('(');
      const close = this.lexer.peek();
      if (close.kind !== ')') {
        throw this.fail(
          `expected ")" to close the "(" at position ${token.start}, found ${describe(close)} at position ${close.start}`,
          close,
        );
      }
      this.lexer.next();
      return inner;
    }
    if (!this.isItem(token)) throw this.fail(`expected a condition after "${after}" at position ${token.start}`, token);
    return this.parseComparison();
  }

  private parseComparison(): Condition {
    const nameToken = this.lexer.next();
    if (++this.comparisons > MAX_CONDITIONS) {
      throw this.fail(
        `a rule may hold at most ${MAX_CONDITIONS} conditions; condition ${this.comparisons} is at position ${nameToken.start}`,
        nameToken,
      );
    }
    const { name, type, spec } = this.conditionName(nameToken);
    // Messages show the condition as written, with its type.
    const shown = nameToken.value;
    const opToken = this.lexer.peek();
    const opWord = keyword(opToken);
    let operator: ComparisonOperator;
    if (opToken.kind === 'op') operator = opToken.value as ComparisonOperator;
    else if (opWord === 'in' || opWord === 'like') operator = opWord;
    else throw this.fail(`expected an operator after "${shown}" at position ${opToken.start}`, opToken);
    if (!spec.operators.includes(operator)) {
      throw this.fail(
        `operator "${opToken.raw}" cannot be used with ${shown} at position ${opToken.start}; use ${spec.operators.join(', ')}`,
        opToken,
      );
    }
    this.lexer.next();
    let values: Operand[];
    if (operator === 'in') values = this.parseValueList(shown, spec, opToken);
    else if (operator === 'like') values = [this.parsePattern(opToken)];
    else values = [this.parseValue(shown, spec, opToken.raw, operator)];
    const comparison: ComparisonCondition = { kind: 'comparison', name, operator, values, position: nameToken.start };
    return type === undefined ? comparison : { ...comparison, type };
  }

  /**
   * Splits `name::type` and finds how the condition is read: by its explicit type, or else by its
   * name, which must then be one CloudAPI knows.
   */
  private conditionName(token: Token): { name: string; type?: ConditionTypeName; spec: ConditionSpec } {
    const written = token.value;
    const sep = written.indexOf('::');
    if (sep < 0) {
      const spec = CONDITION_TYPES.get(written);
      if (spec === undefined) {
        throw new PolicySyntaxError(
          `unknown condition "${written}" at position ${token.start}; known conditions are ${KNOWN_CONDITIONS.join(', ')}` +
            `, or name the type of any other condition as ${written}::<type> (${CONDITION_TYPE_NAMES.join(', ')})`,
          this.text,
          token.start,
          written,
        );
      }
      return { name: written, spec };
    }
    const name = written.slice(0, sep);
    const typeText = written.slice(sep + 2);
    if (name === '')
      throw this.fail(`expected a condition name before "::${typeText}" at position ${token.start}`, token);
    const type = CONDITION_TYPE_NAMES.find((t) => t === typeText.toLowerCase());
    const spec = type === undefined ? undefined : EXPLICIT_TYPES.get(type);
    if (type === undefined || spec === undefined) {
      throw this.fail(
        `unknown type "${typeText}" in "${written}" at position ${token.start + sep + 2}; types are ${CONDITION_TYPE_NAMES.join(', ')}`,
        token,
      );
    }
    return { name, type, spec };
  }

  private parseValueList(name: string, spec: ConditionSpec, inToken: Token): Operand[] {
    const open = this.lexer.peek();
    if (open.kind !== '(') throw this.fail(`expected "(" after "${inToken.raw}" at position ${open.start}`, open);
    this.lexer.next();
    const values: Operand[] = [this.parseValue(name, spec, '(', 'in')];
    for (;;) {
      const sep = this.lexer.peek();
      if (sep.kind === ')') {
        this.lexer.next();
        return values;
      }
      if (sep.kind !== ',') {
        throw this.fail(
          `expected "," or ")" in the list of ${name} values, found ${describe(sep)} at position ${sep.start}`,
          sep,
        );
      }
      this.lexer.next();
      values.push(this.parseValue(name, spec, ',', 'in'));
    }
  }

  private parseValue(name: string, spec: ConditionSpec, after: string, operator: ComparisonOperator): Operand {
    const token = this.lexer.peek();
    if (!this.isItem(token)) throw this.fail(`expected a value after "${after}" at position ${token.start}`, token);
    this.lexer.next();
    const result = readOperand(spec.type, token.value);
    if (!result.ok) {
      throw this.fail(
        `invalid ${name} value "${token.value}" at position ${token.start}; expected ${result.expected}`,
        token,
      );
    }
    const operand = result.operand;
    if (
      operand.type === 'day' &&
      operand.from !== operand.to &&
      operator !== '=' &&
      operator !== '!=' &&
      operator !== 'in'
    ) {
      throw this.fail(
        `a day range such as "${operand.text}" can only be used with =, != or in, at position ${token.start}`,
        token,
      );
    }
    return operand;
  }

  private parsePattern(likeToken: Token): Operand {
    const regex = this.lexer.readRegex();
    const token = regex ?? this.lexer.peek();
    if (regex === undefined) {
      if (!this.isItem(token))
        throw this.fail(`expected a pattern after "${likeToken.raw}" at position ${token.start}`, token);
      this.lexer.next();
    }
    const result = readPattern(token.value, regex !== undefined);
    if (!result.ok)
      throw this.fail(`invalid pattern ${token.raw} at position ${token.start}; expected ${result.expected}`, token);
    return result.operand;
  }

  private fail(message: string, token: Token): PolicySyntaxError {
    return new PolicySyntaxError(message, this.text, token.start);
  }
}
