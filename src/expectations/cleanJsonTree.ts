// The tree of a JSON text that reads cleanly, in one pass of its own over the characters. Test
// files almost always read cleanly, and jsonc-parser's visitor (one callback per token, a string
// made for every token) took about half of a first parse: 27 of 52 ms for a 1,000-test file in a
// fresh process, where gist-check and the Test Explorer's discovery parse. This pass accepts only
// what jsonc-parser reads without an error, as jsonNode.ts asks it (comments and trailing commas
// allowed), and gives the same values, offsets and lengths. Anything else (a syntax error, a key
// written twice, whitespace other than spaces, tabs and line breaks, nesting past MAX_DEPTH) ends
// it with undefined: jsonNode.ts then reads the text with jsonc-parser, which says what is wrong.
// Pure: no `vscode`.
import type { JsonEntry, JsonNode } from './jsonNode';

/** How the tree's parts are made (jsonNode.ts's nodes, which make their ranges when asked). */
export interface JsonTreeParts {
  object(entries: readonly JsonEntry[], offset: number, length: number): JsonNode;
  array(items: readonly JsonNode[], offset: number, length: number): JsonNode;
  literal(kind: 'string' | 'number' | 'boolean' | 'null', value: string | number | boolean | undefined, offset: number, length: number): JsonNode;
  entry(key: string, value: JsonNode, offset: number, length: number): JsonEntry;
}

/** Deeper than this, the text goes to jsonc-parser, as before this pass existed. */
const MAX_DEPTH = 256;
/** Distinct key texts shared within one text, at most (a file of made-up keys stops sharing there). */
const MAX_SHARED_KEYS = 1024;
/** Past this many keys an object looks keys up in a Set rather than along its entries (as jsonNode.ts). */
const KEYS_SCANNED = 16;

const SPACE = 32;
const TAB = 9;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;
const QUOTE = 34;
const BACKSLASH = 92;
const SLASH = 47;
const STAR = 42;
const COMMA = 44;
const COLON = 58;
const MINUS = 45;
const PLUS = 43;
const DOT = 46;
const ZERO = 48;
const NINE = 57;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

const isDigit = (code: number): boolean => code >= ZERO && code <= NINE;

/** A character after which jsonc-parser's scanner ends a word (`true`, `false`, `null`); NaN is the text's end. */
function endsWord(code: number): boolean {
  return (
    Number.isNaN(code) ||
    code === SPACE ||
    code === TAB ||
    code === LINE_FEED ||
    code === CARRIAGE_RETURN ||
    code === OPEN_BRACE ||
    code === CLOSE_BRACE ||
    code === OPEN_BRACKET ||
    code === CLOSE_BRACKET ||
    code === COMMA ||
    code === COLON ||
    code === QUOTE ||
    code === SLASH
  );
}

/** The characters jsonc-parser accepts after a backslash, besides `u`. */
function isSimpleEscape(code: number): boolean {
  return code === QUOTE || code === BACKSLASH || code === SLASH || code === 98 /* b */ || code === 102 /* f */ || code === 110 /* n */ || code === 114 /* r */ || code === 116 /* t */;
}

function isHexDigit(code: number): boolean {
  return isDigit(code) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

class CleanReader {
  private pos = 0;
  private depth = 0;
  /** The string just read, for a key. */
  private stringValue = '';
  /** Each key text once: a test file repeats a few keys thousands of times, and every copy would live as long as the tree. */
  private readonly keys = new Map<string, string>();

  constructor(
    private readonly text: string,
    private readonly parts: JsonTreeParts,
  ) {}

  /** The root value, or undefined when the text does not read cleanly. */
  root(): JsonNode | undefined {
    if (!this.skipTrivia() || this.pos >= this.text.length) return undefined;
    const value = this.value();
    if (value === undefined || !this.skipTrivia() || this.pos !== this.text.length) return undefined;
    return value;
  }

  /** Skips spaces, tabs, line breaks and comments; false at a lone `/` or an unclosed block comment. */
  private skipTrivia(): boolean {
    const text = this.text;
    const length = text.length;
    let pos = this.pos;
    while (pos < length) {
      const code = text.charCodeAt(pos);
      if (code === SPACE || code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN) {
        pos++;
      } else if (code === SLASH) {
        const next = text.charCodeAt(pos + 1);
        if (next === SLASH) {
          pos += 2;
          while (pos < length) {
            const inComment = text.charCodeAt(pos);
            if (inComment === LINE_FEED || inComment === CARRIAGE_RETURN) break;
            pos++;
          }
        } else if (next === STAR) {
          const end = text.indexOf('*/', pos + 2);
          if (end === -1) return false;
          pos = end + 2;
        } else {
          return false;
        }
      } else {
        break;
      }
    }
    this.pos = pos;
    return true;
  }

  private value(): JsonNode | undefined {
    const code = this.text.charCodeAt(this.pos);
    if (code === OPEN_BRACE) return this.object();
    if (code === OPEN_BRACKET) return this.array();
    if (code === QUOTE) {
      const start = this.pos;
      return this.string() ? this.parts.literal('string', this.stringValue, start, this.pos - start) : undefined;
    }
    if (code === MINUS || isDigit(code)) return this.number();
    if (this.word('true')) return this.parts.literal('boolean', true, this.pos - 4, 4);
    if (this.word('false')) return this.parts.literal('boolean', false, this.pos - 5, 5);
    if (this.word('null')) return this.parts.literal('null', undefined, this.pos - 4, 4);
    return undefined;
  }

  private word(word: string): boolean {
    if (!this.text.startsWith(word, this.pos) || !endsWord(this.text.charCodeAt(this.pos + word.length))) return false;
    this.pos += word.length;
    return true;
  }

  /** Reads a string literal from its opening quote into `stringValue`; false when jsonc-parser would report an error in it. */
  private string(): boolean {
    const text = this.text;
    const length = text.length;
    const start = this.pos;
    let pos = start + 1;
    let escaped = false;
    for (;;) {
      if (pos >= length) return false;
      const code = text.charCodeAt(pos);
      if (code === QUOTE) break;
      if (code === BACKSLASH) {
        const next = text.charCodeAt(pos + 1);
        if (isSimpleEscape(next)) {
          pos += 2;
        } else if (next === 117 /* u */ && isHexDigit(text.charCodeAt(pos + 2)) && isHexDigit(text.charCodeAt(pos + 3)) && isHexDigit(text.charCodeAt(pos + 4)) && isHexDigit(text.charCodeAt(pos + 5))) {
          pos += 6;
        } else {
          return false;
        }
        escaped = true;
        continue;
      }
      // jsonc-parser reports control characters in a string (a line break ends it).
      if (code < SPACE) return false;
      pos++;
    }
    // Checked above to hold only JSON's escapes, which JSON.parse decodes as jsonc-parser does.
    this.stringValue = escaped ? (JSON.parse(text.slice(start, pos + 1)) as string) : text.slice(start + 1, pos);
    this.pos = pos + 1;
    return true;
  }

  private number(): JsonNode | undefined {
    const text = this.text;
    const start = this.pos;
    let pos = start;
    if (text.charCodeAt(pos) === MINUS) pos++;
    if (text.charCodeAt(pos) === ZERO) {
      pos++;
    } else if (isDigit(text.charCodeAt(pos))) {
      while (isDigit(text.charCodeAt(pos))) pos++;
    } else {
      return undefined;
    }
    if (text.charCodeAt(pos) === DOT) {
      pos++;
      if (!isDigit(text.charCodeAt(pos))) return undefined;
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    const exponent = text.charCodeAt(pos);
    if (exponent === 69 /* E */ || exponent === 101 /* e */) {
      pos++;
      const sign = text.charCodeAt(pos);
      if (sign === PLUS || sign === MINUS) pos++;
      if (!isDigit(text.charCodeAt(pos))) return undefined;
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    this.pos = pos;
    return this.parts.literal('number', Number(text.slice(start, pos)), start, pos - start);
  }

  /**
   * After an item of a list or an object: true at its `closer` (a trailing comma allowed before
   * it), false when a comma leads to another item, undefined when neither follows.
   */
  private endOrNext(closer: number): boolean | undefined {
    if (!this.skipTrivia()) return undefined;
    const code = this.text.charCodeAt(this.pos);
    if (code === closer) return true;
    if (code !== COMMA) return undefined;
    this.pos++;
    if (!this.skipTrivia()) return undefined;
    return this.text.charCodeAt(this.pos) === closer;
  }

  private array(): JsonNode | undefined {
    const start = this.pos;
    if (++this.depth > MAX_DEPTH) return undefined;
    this.pos++;
    const items: JsonNode[] = [];
    if (!this.skipTrivia()) return undefined;
    if (this.text.charCodeAt(this.pos) !== CLOSE_BRACKET) {
      for (;;) {
        const item = this.value();
        if (item === undefined) return undefined;
        items.push(item);
        const end = this.endOrNext(CLOSE_BRACKET);
        if (end === undefined) return undefined;
        if (end) break;
      }
    }
    this.pos++;
    this.depth--;
    return this.parts.array(items, start, this.pos - start);
  }

  private object(): JsonNode | undefined {
    const start = this.pos;
    if (++this.depth > MAX_DEPTH) return undefined;
    this.pos++;
    const entries: JsonEntry[] = [];
    let keys: Set<string> | undefined;
    if (!this.skipTrivia()) return undefined;
    if (this.text.charCodeAt(this.pos) !== CLOSE_BRACE) {
      for (;;) {
        const keyOffset = this.pos;
        if (this.text.charCodeAt(keyOffset) !== QUOTE || !this.string()) return undefined;
        let key = this.stringValue;
        const known = this.keys.get(key);
        if (known !== undefined) key = known;
        else if (this.keys.size < MAX_SHARED_KEYS) this.keys.set(key, key);
        const keyLength = this.pos - keyOffset;
        // A key written twice is a problem jsonNode.ts reports.
        if (keys === undefined && entries.length >= KEYS_SCANNED) keys = new Set(entries.map((entry) => entry.key));
        if (keys !== undefined) {
          if (keys.has(key)) return undefined;
          keys.add(key);
        } else {
          for (const entry of entries) if (entry.key === key) return undefined;
        }
        if (!this.skipTrivia() || this.text.charCodeAt(this.pos) !== COLON) return undefined;
        this.pos++;
        if (!this.skipTrivia()) return undefined;
        const value = this.value();
        if (value === undefined) return undefined;
        entries.push(this.parts.entry(key, value, keyOffset, keyLength));
        const end = this.endOrNext(CLOSE_BRACE);
        if (end === undefined) return undefined;
        if (end) break;
      }
    }
    this.pos++;
    this.depth--;
    return this.parts.object(entries, start, this.pos - start);
  }
}

/** The tree of `text` when it reads cleanly (see above), else undefined. */
export function cleanJsonTree(text: string, parts: JsonTreeParts): JsonNode | undefined {
  return new CleanReader(text, parts).root();
}
