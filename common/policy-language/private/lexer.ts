/**
 * The tokenizer of the access-control language. It is driven by the parser (one token of
 * look-ahead) because one construct is context-dependent: a `/regex/flags` literal is only a token
 * right after `LIKE`, while elsewhere `/` is an ordinary character of paths and CIDR blocks.
 */
import { PolicySyntaxError } from '../errors.js';

/** Kinds of token. `word` is a bare word (keywords are words the parser recognises). */
export type TokenKind = 'word' | 'string' | 'regex' | 'op' | '(' | ')' | ',' | 'eof';

/** One token and where it starts. */
export interface Token {
  readonly kind: TokenKind;
  /** For `word` and `op` the text; for `string` the unquoted value; for `regex` the whole literal. */
  readonly value: string;
  /** 0-based offset of the token's first character. */
  readonly start: number;
  /** The token as written, for messages. */
  readonly raw: string;
}

// Characters that end a bare word: the separators plus the operator characters, so that
// `sourceip=10.0.0.0/8` lexes without spaces.
const WORD_BREAK = new Set([',', '(', ')', '"', "'", '=', '<', '>', '!']);

/** A one-token-look-ahead lexer over a rule. */
export class Lexer {
  private pos = 0;
  private buffered: Token | undefined;

  constructor(private readonly text: string) {}

  /** The next token, without consuming it. */
  peek(): Token {
    this.buffered ??= this.scan();
    return this.buffered;
  }

  /** The next token, consumed. */
  next(): Token {
    const token = this.peek();
    this.buffered = undefined;
    return token;
  }

  /**
   * Reads a `/body/flags` literal if one starts here; only valid with nothing buffered (the parser
   * calls it right after consuming `LIKE`).
   */
  readRegex(): Token | undefined {
    if (this.buffered !== undefined) return undefined;
    this.skipSpace();
    if (this.text[this.pos] !== '/') return undefined;
    const start = this.pos;
    let i = start + 1;
    let inClass = false;
    for (; i < this.text.length; i++) {
      const ch = this.text[i];
      if (ch === '\\') i++;
      else if (ch === '[') inClass = true;
      else if (ch === ']') inClass = false;
      else if (ch === '/' && !inClass) break;
    }
    if (i >= this.text.length) {
      throw this.error(`unterminated regular expression at position ${start}`, start);
    }
    i++;
    while (i < this.text.length && /[a-z]/i.test(this.text[i] ?? '')) i++;
    this.pos = i;
    const raw = this.text.slice(start, i);
    return { kind: 'regex', value: raw, start, raw };
  }

  private skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos] ?? '')) this.pos++;
  }

  private scan(): Token {
    this.skipSpace();
    const start = this.pos;
    const text = this.text;
    if (start >= text.length) return { kind: 'eof', value: '', start: text.length, raw: '' };
    const ch = text[start] as string;
    const two = text.slice(start, start + 2);
    if (two === '<=' || two === '>=' || two === '!=' || two === '<>') {
      this.pos += 2;
      return { kind: 'op', value: two === '<>' ? '!=' : two, start, raw: two };
    }
    if (ch === '=' || ch === '<' || ch === '>') {
      this.pos += 1;
      return { kind: 'op', value: ch, start, raw: ch };
    }
    if (ch === '!') {
      throw this.error(`unexpected "!" at position ${start}; did you mean "!="?`, start);
    }
    if (ch === '(' || ch === ')' || ch === ',') {
      this.pos += 1;
      return { kind: ch, value: ch, start, raw: ch };
    }
    if (ch === '"' || ch === "'") return this.scanQuoted(ch, start);
    let i = start;
    while (i < text.length && !WORD_BREAK.has(text[i] as string) && !/\s/.test(text[i] as string)) i++;
    this.pos = i;
    const raw = text.slice(start, i);
    return { kind: 'word', value: raw, start, raw };
  }

  private scanQuoted(quote: string, start: number): Token {
    let value = '';
    let i = start + 1;
    for (; i < this.text.length; i++) {
      const ch = this.text[i] as string;
      if (ch === quote) break;
      if (ch === '\\' && i + 1 < this.text.length) {
        i++;
        value += this.text[i];
      } else {
        value += ch;
      }
    }
    if (i >= this.text.length) throw this.error(`unterminated quoted string at position ${start}`, start);
    this.pos = i + 1;
    return { kind: 'string', value, start, raw: this.text.slice(start, i + 1) };
  }

  private error(message: string, position: number): PolicySyntaxError {
    return new PolicySyntaxError(message, this.text, position);
  }
}
