// A test file's JSON as a tree that knows where each value was written, built from
// `jsonc-parser`'s tree (VS Code's own parser: comments and trailing commas allowed, linear, with
// offsets). Objects keep their keys in order as an array, so `__proto__` or `constructor` is just
// a key, and a key written twice is reported instead of one silently winning. CSV rows build the
// same tree with every value at the row's line. Pure: no `vscode`.
import { printParseErrorCode, type ParseError, visit } from 'jsonc-parser';
import { TOO_DEEP_REASON, tooDeepOffset } from '../shared/jsonDepth';
import { type Problem, type SourcePosition, type SourceRange } from './checkModel';
import { cleanJsonTree, type JsonTreeParts } from './cleanJsonTree';

export type JsonNode =
  | { readonly kind: 'object'; readonly entries: readonly JsonEntry[]; readonly range: SourceRange }
  | { readonly kind: 'array'; readonly items: readonly JsonNode[]; readonly range: SourceRange }
  | { readonly kind: 'string'; readonly value: string; readonly range: SourceRange }
  | { readonly kind: 'number'; readonly value: number; readonly range: SourceRange }
  | { readonly kind: 'boolean'; readonly value: boolean; readonly range: SourceRange }
  | { readonly kind: 'null'; readonly range: SourceRange };

export interface JsonEntry {
  readonly key: string;
  readonly keyRange: SourceRange;
  readonly value: JsonNode;
}

/** Offsets to 0-based lines and characters, by a binary search over the line starts. */
export class LineIndex {
  private readonly starts: number[] = [0];
  /** The line of the last lookup: a file's nodes are asked for mostly in order, so most lookups start there. */
  private hint = 0;

  constructor(text: string) {
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
      this.starts.push(index + 1);
    }
  }

  private lineOf(offset: number): number {
    const starts = this.starts;
    const hint = this.hint;
    if (starts[hint]! <= offset && (hint + 1 === starts.length || starts[hint + 1]! > offset)) return hint;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) {
        low = middle;
      } else {
        high = middle - 1;
      }
    }
    this.hint = low;
    return low;
  }

  position(offset: number): SourcePosition {
    const line = this.lineOf(offset);
    return { line, character: offset - this.starts[line]! };
  }

  range(offset: number, length: number): SourceRange {
    return { file: 'testFile', start: this.position(offset), end: this.position(offset + length) };
  }
}

/*
 * The tree's nodes keep their offsets and make their SourceRange when asked: most nodes of a file
 * that reads without a problem are never asked (a range is made for each test and assertion, and
 * for each problem), and a range is three objects and two lookups. Each `range` is a new plain
 * object, as the eager tree gave. One class for every kind, so the readers' `node.kind` and
 * `node.value` see one shape.
 */
class NodeAt {
  constructor(
    readonly kind: JsonNode['kind'],
    readonly value: string | number | boolean | undefined,
    readonly entries: readonly JsonEntry[] | undefined,
    readonly items: readonly JsonNode[] | undefined,
    private readonly lines: LineIndex,
    private readonly offset: number,
    private readonly length: number,
  ) {}

  get range(): SourceRange {
    return this.lines.range(this.offset, this.length);
  }
}

const objectAt = (entries: readonly JsonEntry[], lines: LineIndex, offset: number, length: number): JsonNode => new NodeAt('object', undefined, entries, undefined, lines, offset, length) as JsonNode;
const arrayAt = (items: readonly JsonNode[], lines: LineIndex, offset: number, length: number): JsonNode => new NodeAt('array', undefined, undefined, items, lines, offset, length) as JsonNode;
const literalAt = (kind: 'string' | 'number' | 'boolean' | 'null', value: string | number | boolean | undefined, lines: LineIndex, offset: number, length: number): JsonNode =>
  new NodeAt(kind, value, undefined, undefined, lines, offset, length) as JsonNode;

/** An object's entry: its key's range made when asked, as a node's. */
class EntryAt implements JsonEntry {
  constructor(
    readonly key: string,
    readonly value: JsonNode,
    private readonly lines: LineIndex,
    private readonly offset: number,
    private readonly length: number,
  ) {}

  get keyRange(): SourceRange {
    return this.lines.range(this.offset, this.length);
  }
}

export type ParsedJson = { readonly ok: true; readonly root: JsonNode | undefined } | { readonly ok: false; readonly problems: readonly Problem[] };

/** A container being read: its start, and what it holds so far. */
type OpenNode =
  | { readonly kind: 'object'; readonly offset: number; readonly entries: JsonEntry[]; seen: Set<string> | undefined; key: string; keyOffset: number; keyLength: number; keyKept: boolean; readonly kept: boolean }
  | { readonly kind: 'array'; readonly offset: number; readonly items: JsonNode[]; readonly kept: boolean };

/** Past this many keys an object looks keys up in a Set rather than along its entries. */
const KEYS_SCANNED = 16;

/**
 * Builds the tree in one pass over jsonc-parser's events, rather than from its own tree (parseTree),
 * which a 1,000-test file made in as much time again. A key written twice is a problem; its value
 * (and what it holds) is left out, as is any problem within it.
 */
function buildTree(text: string, lines: LineIndex, problems: Problem[], errors: ParseError[]): JsonNode | undefined {
  const open: OpenNode[] = [];
  let root: JsonNode | undefined;
  const kept = (): boolean => {
    const parent = open[open.length - 1];
    if (parent === undefined) return true;
    return parent.kind === 'object' ? parent.keyKept : parent.kept;
  };
  const finish = (node: JsonNode): void => {
    const parent = open[open.length - 1];
    if (parent === undefined) {
      root = node;
    } else if (parent.kind === 'array') {
      parent.items.push(node);
    } else {
      if (parent.keyKept) parent.entries.push(new EntryAt(parent.key, node, lines, parent.keyOffset, parent.keyLength));
      parent.keyKept = false;
    }
  };
  /** Whether `object` has had `key` before: along its kept entries while it has few, else in a Set of every key. */
  const seenBefore = (object: Extract<OpenNode, { kind: 'object' }>, key: string): boolean => {
    if (object.seen === undefined) {
      // While an object is kept its entries are exactly the keys seen so far (a key seen twice
      // fails the whole file); one left out keeps no entries, so it always uses the Set.
      if (object.kept && object.entries.length < KEYS_SCANNED) {
        for (const entry of object.entries) if (entry.key === key) return true;
        return false;
      }
      object.seen = new Set(object.entries.map((entry) => entry.key));
    }
    const seen = object.seen.has(key);
    object.seen.add(key);
    return seen;
  };
  visit(
    text,
    {
      onObjectBegin: (offset) => void open.push({ kind: 'object', offset, entries: [], seen: undefined, key: '', keyOffset: 0, keyLength: 0, keyKept: false, kept: kept() }),
      onObjectProperty: (key, offset, length) => {
        const object = open[open.length - 1];
        if (object?.kind !== 'object') return;
        const duplicate = seenBefore(object, key);
        if (duplicate && object.kept) problems.push({ message: `"${key}" is written twice in this object; keep one.`, range: lines.range(offset, length) });
        object.key = key;
        object.keyOffset = offset;
        object.keyLength = length;
        object.keyKept = object.kept && !duplicate;
      },
      onObjectEnd: (offset, length) => {
        const object = open.pop();
        if (object?.kind === 'object') finish(objectAt(object.entries, lines, object.offset, offset + length - object.offset));
      },
      onArrayBegin: (offset) => void open.push({ kind: 'array', offset, items: [], kept: kept() }),
      onArrayEnd: (offset, length) => {
        const array = open.pop();
        if (array?.kind === 'array') finish(arrayAt(array.items, lines, array.offset, offset + length - array.offset));
      },
      onLiteralValue: (value: unknown, offset, length) => {
        if (typeof value === 'string') finish(literalAt('string', value, lines, offset, length));
        else if (typeof value === 'number') finish(literalAt('number', value, lines, offset, length));
        else if (typeof value === 'boolean') finish(literalAt('boolean', value, lines, offset, length));
        else finish(literalAt('null', undefined, lines, offset, length));
      },
      onError: (error, offset, length) => void errors.push({ error, offset, length }),
    },
    { allowTrailingComma: true, disallowComments: false },
  );
  return root;
}

/** The tree's parts as cleanJsonTree makes them: the same nodes as buildTree's. */
function partsAt(lines: LineIndex): JsonTreeParts {
  return {
    object: (entries, offset, length) => objectAt(entries, lines, offset, length),
    array: (items, offset, length) => arrayAt(items, lines, offset, length),
    literal: (kind, value, offset, length) => literalAt(kind, value, lines, offset, length),
    entry: (key, value, offset, length) => new EntryAt(key, value, lines, offset, length),
  };
}

/** Parses JSON with comments and trailing commas; a syntax error is a problem at its place. */
export function parseJsonNodes(text: string, lines: LineIndex): ParsedJson {
  // A text that reads cleanly (nearly every test file) is read by a pass of its own; jsonc-parser
  // reads the rest and says what is wrong.
  const clean = cleanJsonTree(text, partsAt(lines));
  if (clean !== undefined) return { ok: true, root: clean };
  return parseJsonNodesWithJsonc(text, lines);
}

/** parseJsonNodes through jsonc-parser alone (exported for the tests that hold the clean pass to it). */
export function parseJsonNodesWithJsonc(text: string, lines: LineIndex): ParsedJson {
  // jsonc-parser and the tree built here recurse once per level (the clean pass reads only
  // shallow texts), so a text nested past the limit is refused before it is parsed.
  const deep = tooDeepOffset(text);
  if (deep !== undefined) {
    return { ok: false, problems: [{ message: `Not usable JSON here: ${TOO_DEEP_REASON}.`, range: lines.range(deep, 1) }] };
  }
  const errors: ParseError[] = [];
  const problems: Problem[] = [];
  const root = buildTree(text, lines, problems, errors);
  if (errors.length > 0) {
    return {
      ok: false,
      problems: errors.slice(0, 20).map((error) => ({
        message: `Not valid JSON here: ${printParseErrorCode(error.error)}.`,
        range: lines.range(error.offset, Math.max(error.length, 1)),
      })),
    };
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, root };
}

/** The plain JSON value of a node (for a JSON Schema or an `equals` object): `__proto__` stays an own key. */
export function plainValue(node: JsonNode): unknown {
  switch (node.kind) {
    case 'object': {
      const object: Record<string, unknown> = {};
      for (const { key, value } of node.entries) {
        Object.defineProperty(object, key, { value: plainValue(value), enumerable: true, writable: true, configurable: true });
      }
      return object;
    }
    case 'array':
      return node.items.map(plainValue);
    case 'null':
      return null;
    default:
      return node.value;
  }
}

/** A plain JSON value (from JSON.parse) as a node, every part at `range`: CSV cells and schema strings. */
export function nodeOf(value: unknown, range: SourceRange): JsonNode {
  if (Array.isArray(value)) {
    return { kind: 'array', items: value.map((item) => nodeOf(item, range)), range };
  }
  if (typeof value === 'object' && value !== null) {
    return { kind: 'object', entries: Object.entries(value).map(([key, item]) => ({ key, keyRange: range, value: nodeOf(item, range) })), range };
  }
  if (typeof value === 'string') {
    return { kind: 'string', value, range };
  }
  if (typeof value === 'number') {
    return { kind: 'number', value, range };
  }
  if (typeof value === 'boolean') {
    return { kind: 'boolean', value, range };
  }
  return { kind: 'null', range };
}

/** The first entry of `key` in an object node, if any (a loop: most objects have a handful of keys). */
export function entryOf(node: Extract<JsonNode, { kind: 'object' }>, key: string): JsonEntry | undefined {
  for (const entry of node.entries) {
    if (entry.key === key) return entry;
  }
  return undefined;
}

/** The node's kind in words, for "expected a string, found a number". */
export function kindName(node: JsonNode): string {
  return node.kind === 'array' ? 'a list' : node.kind === 'object' ? 'an object' : node.kind === 'null' ? 'null' : `a ${node.kind}`;
}
