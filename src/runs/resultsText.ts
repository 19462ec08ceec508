// Lines of a results file as text: members in a fixed order (diffs stay small), every string
// redacted of every known key in every written form before it is serialised, and content cut to
// its cap. Keys never enter a results file. Pure: no `vscode`.
import { recordOf } from '../shared/keyedRecord';
import { MAX_RESULT_CONTENT_BYTES, MAX_RESULT_LINE_BYTES, utf8Length } from '../shared/limits';
import { REDACTED, redactSecrets } from '../shared/redact';
import type { CellResult, ResultsLine, RunHeader } from './resultsFormat';

/** Characters of `text` as people count them: Unicode code points (an emoji is one). */
export function codePointLength(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length - 1; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count -= 1;
        index += 1;
      }
    }
  }
  return count;
}

/** `text` cut to at most `maxBytes` of UTF-8, never inside a character. */
export function cutToBytes(text: string, maxBytes: number): string {
  if (utf8Length(text) <= maxBytes) {
    return text;
  }
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = utf8Length(char);
    if (bytes + size > maxBytes) {
      break;
    }
    bytes += size;
    end += char.length;
  }
  return text.slice(0, end);
}

/** The content a results line keeps, and whether it was cut. */
export function keptContent(content: string): { readonly content: string; readonly truncated: boolean } {
  // No character takes more than 3 bytes per UTF-16 unit: short content needs no counting.
  if (content.length * 3 <= MAX_RESULT_CONTENT_BYTES) {
    return { content, truncated: false };
  }
  const kept = cutToBytes(content, MAX_RESULT_CONTENT_BYTES);
  return { content: kept, truncated: kept.length !== content.length };
}

/**
 * A JSON value with every string (keys of objects too) redacted; objects become null-prototype
 * records. `strict` also blanks a string whose JSON text would spell a key across an escape (a
 * newline before `abc…` is written `\nabc…`, which spells a key `nabc…`).
 */
function redacted(value: unknown, secrets: readonly string[], strict: boolean): unknown {
  if (typeof value === 'string') {
    const clean = redactSecrets(value, secrets);
    return strict && redactSecrets(JSON.stringify(clean), secrets) !== JSON.stringify(clean) ? REDACTED : clean;
  }
  if (Array.isArray(value)) {
    return value.map((item) => redacted(item, secrets, strict));
  }
  if (typeof value === 'object' && value !== null) {
    return recordOf(Object.entries(value).map(([key, item]) => [redacted(key, secrets, strict) as string, redacted(item, secrets, strict)] as const));
  }
  return value;
}

/** The members of a line in the order the format lists them. */
function ordered(line: RunHeader | ResultsLine): Record<string, unknown> {
  switch (line.type) {
    case 'header':
      return {
        type: line.type,
        format: line.format,
        version: line.version,
        gist: line.gist,
        variants: line.variants,
        samples: line.samples,
        data: { path: line.data.path, sha256: line.data.sha256, format: line.data.format, rows: line.data.rows },
        mapping: line.mapping,
        profile: line.profile,
        host: line.host,
        startedAt: line.startedAt,
        tool: { name: line.tool.name, version: line.tool.version },
        extensions: line.extensions,
      };
    case 'rowError':
      return { type: line.type, row: line.row, line: line.line, message: line.message };
    case 'result': {
      // Built member by member, without spreads: a run writes thousands of these a second.
      const error = line.error === null ? null : ({ kind: line.error.kind, message: line.error.message } as Record<string, unknown>);
      if (error !== null && line.error?.status !== undefined) {
        error.status = line.error.status;
      }
      const members: Record<string, unknown> = {
        type: line.type,
        row: line.row,
        line: line.line,
        values: line.values,
        variant: line.variant,
        sample: line.sample,
        callId: line.callId,
        content: line.content,
        length: line.length,
      };
      if (line.truncated === true) {
        members.truncated = true;
      }
      members.error = error;
      members.attempts = line.attempts;
      members.latencyMs = line.latencyMs;
      members.finishedAt = line.finishedAt;
      if (line.extensions !== undefined) {
        for (const name of Object.keys(line.extensions)) {
          members[name] = line.extensions[name];
        }
      }
      return members;
    }
  }
}

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const jsonOrNull = (value: string | null): string => (value === null ? 'null' : JSON.stringify(value));

/**
 * `JSON.stringify(ordered(line))` for the common result line (no extensions, members of their
 * declared types), written out member by member: a run writes thousands a second and this skips
 * building the ordered copy (a property test holds the two equal). Undefined for any other line.
 */
function resultJson(line: CellResult): string | undefined {
  const { error } = line;
  if (
    line.extensions !== undefined ||
    !isFiniteNumber(line.row) ||
    !isFiniteNumber(line.line) ||
    !isFiniteNumber(line.sample) ||
    !isFiniteNumber(line.attempts) ||
    !isFiniteNumber(line.latencyMs) ||
    !(line.length === null || isFiniteNumber(line.length)) ||
    !(line.variant === null || typeof line.variant === 'string') ||
    !(line.callId === null || typeof line.callId === 'string') ||
    !(line.content === null || typeof line.content === 'string') ||
    typeof line.finishedAt !== 'string' ||
    !(line.truncated === undefined || typeof line.truncated === 'boolean') ||
    !(error === null || (typeof error.kind === 'string' && typeof error.message === 'string' && (error.status === undefined || isFiniteNumber(error.status))))
  ) {
    return undefined;
  }
  const errorText = error === null ? 'null' : `{"kind":${JSON.stringify(error.kind)},"message":${JSON.stringify(error.message)}${error.status === undefined ? '' : `,"status":${error.status}`}}`;
  return (
    `{"type":"result","row":${line.row},"line":${line.line},"values":${JSON.stringify(line.values)},"variant":${jsonOrNull(line.variant)},"sample":${line.sample}` +
    `,"callId":${jsonOrNull(line.callId)},"content":${jsonOrNull(line.content)},"length":${line.length === null ? 'null' : line.length}${line.truncated === true ? ',"truncated":true' : ''}` +
    `,"error":${errorText},"attempts":${line.attempts},"latencyMs":${line.latencyMs},"finishedAt":${JSON.stringify(line.finishedAt)}}`
  );
}

/** The line as JSON text, members in the format's order. */
export function orderedJson(line: RunHeader | ResultsLine): string {
  return (line.type === 'result' ? resultJson(line) : undefined) ?? JSON.stringify(ordered(line));
}

/** `orderedJson` the slow way, for the property test that holds the two equal. */
export function orderedJsonSlowly(line: RunHeader | ResultsLine): string {
  return JSON.stringify(ordered(line));
}

/**
 * One line of a results file, with its line break. `secrets` are every key the caller knows (the
 * run's, and any other profile's): each is redacted wherever it appears. Throws when the line would
 * be longer than a reader takes (only an extension's members can make it so).
 */
export function lineText(line: RunHeader | ResultsLine, secrets: readonly string[]): string {
  return writtenLine(line, secrets).text;
}

/** `lineText`, and whether the text is `line` as it is (false: something in it was redacted). */
export function writtenLine(line: RunHeader | ResultsLine, secrets: readonly string[]): { readonly text: string; readonly asIs: boolean } {
  // A key in any string of the line shows in its JSON text in one of its written forms (a key
  // with a quote in it, escaped), so a line whose text holds none needs nothing redacted: the
  // common case, written as it is.
  let text = orderedJson(line);
  const asIs = redactSecrets(text, secrets) === text;
  if (!asIs) {
    text = JSON.stringify(redacted(ordered(line), secrets, false));
    // The redacted text as written is checked again (a clean text needs no second look, the most
    // common line's redaction being a third of its cost): a key can only be in it across an
    // escape, and then the strings that spell it go.
    if (redactSecrets(text, secrets) !== text) {
      text = JSON.stringify(redacted(ordered(line), secrets, true));
      // Only a key with `":"` or `,"` in it can still be there, spelt across two members: redacted in the text, if that stays JSON.
      if (redactSecrets(text, secrets) !== text) {
        text = redactSecrets(text, secrets);
        JSON.parse(text);
      }
    }
  }
  if (text.length > MAX_RESULT_LINE_BYTES / 6 && utf8Length(text) > MAX_RESULT_LINE_BYTES) {
    throw new Error(`A results line would be longer than ${MAX_RESULT_LINE_BYTES / 1024 / 1024} MiB.`);
  }
  return { text: `${text}\n`, asIs };
}
