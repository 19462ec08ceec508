// Validates gist_generate's input. It comes from a language model that may have read hostile text
// (a web page, a file of the workspace), so it is checked like the arguments of `gist.generate`
// and capped: nothing VS Code's schema check may have let through is trusted. Pure: no `vscode`.
import { hasLoneSurrogate } from '../client/identifiers';
import type { GenerateRequest } from '../client/types';
import { parseGenerateArgs } from '../generation/generateArgs';
import { MAX_TOOL_VALUE_BYTES, MAX_TOOL_VALUES, MAX_VARIABLE_NAME_BYTES, utf8Length } from '../shared/limits';
import { hasControlCharacter, isRecord } from '../shared/text';

const FIELDS = ['gistId', 'variant', 'values'];

export type ToolInputResult = { readonly ok: true; readonly request: GenerateRequest } | { readonly ok: false; readonly reason: string };

/** `{gistId, variant?, values?}` as a request, or the reason (one sentence a model can act on) it is refused. */
export function parseGenerateToolInput(input: unknown): ToolInputResult {
  if (!isRecord(input)) {
    return { ok: false, reason: 'The input must be an object {gistId, variant?, values}.' };
  }
  const unknown = Object.keys(input).filter((field) => !FIELDS.includes(field));
  if (unknown.length > 0) {
    return { ok: false, reason: `Unknown input field ${unknown.map((field) => JSON.stringify(field.slice(0, 64))).join(', ')}: only gistId, variant and values are accepted.` };
  }
  const parsed = parseGenerateArgs(input);
  if (parsed === undefined || !parsed.ok) {
    return { ok: false, reason: parsed === undefined ? 'The input must be an object {gistId, variant?, values}.' : `Invalid input: ${parsed.reason}` };
  }
  const entries = Object.entries(parsed.request.values);
  if (entries.length > MAX_TOOL_VALUES) {
    return { ok: false, reason: `Too many values (${entries.length}): at most ${MAX_TOOL_VALUES}.` };
  }
  for (const [name, value] of entries) {
    const problem = nameProblem(name) ?? valueProblem(value);
    if (problem !== undefined) {
      return { ok: false, reason: `Invalid value ${JSON.stringify(name.slice(0, 64))}: ${problem}.` };
    }
  }
  return { ok: true, request: parsed.request };
}

function nameProblem(name: string): string | undefined {
  if (name.trim() === '') {
    return 'a variable name must not be empty';
  }
  if (utf8Length(name) > MAX_VARIABLE_NAME_BYTES) {
    return `a variable name must be at most ${MAX_VARIABLE_NAME_BYTES} bytes`;
  }
  return hasControlCharacter(name) || hasLoneSurrogate(name) ? 'a variable name must be plain text (no control characters)' : undefined;
}

function valueProblem(value: string): string | undefined {
  if (utf8Length(value) > MAX_TOOL_VALUE_BYTES) {
    return `a value must be at most ${MAX_TOOL_VALUE_BYTES / 1024} KB`;
  }
  return hasLoneSurrogate(value) ? 'the value is not valid Unicode (it holds half of a surrogate pair)' : undefined;
}
