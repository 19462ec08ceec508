// A test file's JSON as a tree that knows where each value was written, built from
// `jsonc-parser`'s tree (VS Code's own parser: comments and trailing commas allowed, linear, with
// offsets). Objects keep their keys in order as an array, so `__proto__` or `constructor` is just
// a key, and a key written twice is reported instead of one silently winning. CSV rows build the
// same tree with every value at the row's line. Pure: no `vscode`.
import { type Node, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { type Problem, type SourcePosition, type SourceRange } from './checkModel';

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

  constructor(text: string) {
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
      this.starts.push(index + 1);
    }
  }

  position(offset: number): SourcePosition {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= offset) {
        low = middle;
      } else {
        high = middle - 1;
      }
    }
    return { line: low, character: offset - this.starts[low]! };
  }

  range(offset: number, length: number): SourceRange {
    return { file: 'testFile', start: this.position(offset), end: this.position(offset + length) };
  }
}

export type ParsedJson = { readonly ok: true; readonly root: JsonNode | undefined } | { readonly ok: false; readonly problems: readonly Problem[] };

function convert(node: Node, lines: LineIndex, problems: Problem[]): JsonNode {
  const range = lines.range(node.offset, node.length);
  switch (node.type) {
    case 'object': {
      const entries: JsonEntry[] = [];
      const seen = new Set<string>();
      for (const property of node.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        if (keyNode === undefined || valueNode === undefined || typeof keyNode.value !== 'string') {
          continue;
        }
        const key = keyNode.value;
        const keyRange = lines.range(keyNode.offset, keyNode.length);
        if (seen.has(key)) {
          problems.push({ message: `"${key}" is written twice in this object; keep one.`, range: keyRange });
          continue;
        }
        seen.add(key);
        entries.push({ key, keyRange, value: convert(valueNode, lines, problems) });
      }
      return { kind: 'object', entries, range };
    }
    case 'array':
      return { kind: 'array', items: (node.children ?? []).map((child) => convert(child, lines, problems)), range };
    case 'string':
      return { kind: 'string', value: String(node.value), range };
    case 'number':
      return { kind: 'number', value: Number(node.value), range };
    case 'boolean':
      return { kind: 'boolean', value: node.value === true, range };
    default:
      return { kind: 'null', range };
  }
}

/** Parses JSON with comments and trailing commas; a syntax error is a problem at its place. */
export function parseJsonNodes(text: string, lines: LineIndex): ParsedJson {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) {
    return {
      ok: false,
      problems: errors.slice(0, 20).map((error) => ({
        message: `Not valid JSON here: ${printParseErrorCode(error.error)}.`,
        range: lines.range(error.offset, Math.max(error.length, 1)),
      })),
    };
  }
  if (tree === undefined) {
    return { ok: true, root: undefined };
  }
  const problems: Problem[] = [];
  const root = convert(tree, lines, problems);
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

/** The node's kind in words, for "expected a string, found a number". */
export function kindName(node: JsonNode): string {
  return node.kind === 'array' ? 'a list' : node.kind === 'object' ? 'an object' : node.kind === 'null' ? 'null' : `a ${node.kind}`;
}
