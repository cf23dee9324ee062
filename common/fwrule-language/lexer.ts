/**
 * The tokens of the firewall rule language, cut the way sdc-fwrule's lexer (src/fwrule.jison) cuts
 * them: the first rule that matches wins (not the longest), keywords are all upper or all lower
 * case and must end at a word boundary (`fromage` is a word, `from-x` is FROM then `-x`), and a word
 * may hold dashes (`80-90` is one word, which the port rules split).
 */
import { FirewallRuleSyntaxError } from './errors.js';

/** The language's keywords, in the lexer's order (`VM` before `VMS`: the boundary tells them apart). */
const KEYWORDS = [
  'FROM',
  'TO',
  'IP',
  'SUBNET',
  'ANY',
  'ALL',
  'TAG',
  'VM',
  'VMS',
  'OR',
  'AND',
  'BLOCK',
  'ALLOW',
  'PORT',
  'PORTS',
  'TCP',
  'UDP',
  'ICMP',
  'ICMP6',
  'AH',
  'ESP',
  'TYPE',
  'CODE',
  'PRIORITY',
] as const;

/** A keyword token's kind: the keyword in upper case. */
export type Keyword = (typeof KEYWORDS)[number];

/** What a token is. */
export type TokenKind =
  Keyword | '-' | ',' | '=' | '(' | ')' | 'STRING' | 'IPV4ADDR' | 'IPV6ADDR' | 'CIDRSUFFIX' | 'WORD' | 'EOF';

/** One token: its kind, its text (a string's unescaped content) and where it starts. */
export interface Token {
  readonly kind: TokenKind;
  readonly text: string;
  /** 0-based offset of its first character. */
  readonly at: number;
}

const WORD_CHAR = /[A-Za-z0-9_]/;
const PUNCTUATION = new Set(['-', ',', '=', '(', ')']);
// The token patterns after the keywords, tried in this order at the current position.
const STRING = /"(?:\\["bfnrt/()\\]|\\u[a-fA-F0-9]{4}|[^"\\])*"/y;
const IPV4 = /[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}/y;
const IPV6 = /[0-9a-f]*:[0-9a-f]*:[:0-9a-f]*/y;
const CIDR = /\/[0-9]{1,3}/y;
const WORD = /[-a-zA-Z0-9_]+/y;
const SPACE = /\s+/y;

const ESCAPED: Readonly<Record<string, string>> = {
  '"': '"',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  '/': '/',
  '(': '(',
  ')': ')',
  '\\': '\\',
};

/** The content of a quoted string with its escapes undone (`\"`, `\n`, `\u00e9`...). */
export function unescapeQuoted(content: string): string {
  let out = '';
  for (let i = 0; i < content.length; i += 1) {
    const c = content[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = content[i + 1]!;
    if (next === 'u') {
      out += String.fromCharCode(parseInt(content.slice(i + 2, i + 6), 16));
      i += 5;
    } else {
      out += ESCAPED[next] ?? next;
      i += 1;
    }
  }
  return out;
}

/**
 * Cuts `rule` into tokens, ending with `EOF`.
 * @throws FirewallRuleSyntaxError at the first character no token starts with
 */
export function tokenize(rule: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  const sticky = (re: RegExp): string | undefined => {
    re.lastIndex = at;
    return re.exec(rule)?.[0];
  };
  for (;;) {
    at += sticky(SPACE)?.length ?? 0;
    if (at >= rule.length) break;
    const keyword = KEYWORDS.find((k) => {
      const word = rule.startsWith(k, at) ? k : rule.startsWith(k.toLowerCase(), at) ? k : undefined;
      return word !== undefined && !WORD_CHAR.test(rule[at + k.length] ?? '');
    });
    if (keyword !== undefined) {
      tokens.push({ kind: keyword, text: rule.slice(at, at + keyword.length), at });
      at += keyword.length;
      continue;
    }
    const c = rule[at]!;
    if (PUNCTUATION.has(c)) {
      tokens.push({ kind: c as TokenKind, text: c, at });
      at += 1;
      continue;
    }
    const quoted = sticky(STRING);
    if (quoted !== undefined) {
      tokens.push({ kind: 'STRING', text: unescapeQuoted(quoted.slice(1, -1)), at });
      at += quoted.length;
      continue;
    }
    const matched = (
      [
        ['IPV4ADDR', IPV4],
        ['IPV6ADDR', IPV6],
        ['CIDRSUFFIX', CIDR],
        ['WORD', WORD],
      ] as const
    )
      .map(([kind, re]) => [kind, sticky(re)] as const)
      .find(([, text]) => text !== undefined);
    if (matched === undefined) {
      const rest = rule.slice(at, at + 20);
      throw new FirewallRuleSyntaxError(
        `at character ${at}: unexpected text ${JSON.stringify(rest)}${c === '"' ? ' (an unterminated string, or a backslash escape other than \\" \\\\ \\/ \\( \\) \\b \\f \\n \\r \\t \\uXXXX)' : ''}`,
        rule,
        at,
      );
    }
    tokens.push({ kind: matched[0], text: matched[1]!, at });
    at += matched[1]!.length;
  }
  tokens.push({ kind: 'EOF', text: '', at: rule.length });
  return tokens;
}
