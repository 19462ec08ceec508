// A test's variables: the values sent to the gist. They are text (a number or true/false is
// written as its text); a list is refused, since promptfoo would make one test per item and a
// file read both ways would mean two things. Editor placeholders (`${selection}`, `${clipboard}`…)
// are refused: they fill a catalog default from your editor, and a test file from a repository
// must not reach into your clipboard or selection. A `file://` value, which promptfoo would load,
// is refused rather than sent as text. Pure: no `vscode`.
import { recordOf } from '../shared/keyedRecord';
import { hasControlCharacter } from '../shared/text';
import { MAX_LABEL_CHARS, MAX_VALUE_CHARS, MAX_VARS_PER_TEST } from './checkLimits';
import { type SourceRange } from './checkModel';
import { type JsonNode, kindName } from './jsonNode';
import { type Problems } from './problems';

/** The editor placeholders of catalog defaults (catalog/editorTemplate.ts; a unit test keeps the two lists equal). */
export const EDITOR_PLACEHOLDER_NAMES = ['selection', 'clipboard', 'fileName', 'relativeFile', 'languageId', 'lineText', 'workspaceFolderName', 'date'] as const;

const PLACEHOLDER = /\$\{([A-Za-z]+)\}/g;

/** The first editor placeholder in `text`, if any. */
export function editorPlaceholderIn(text: string): string | undefined {
  // Most values hold none: a look for "${" spares them the regular expression's iterator.
  if (!text.includes('${')) return undefined;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if ((EDITOR_PLACEHOLDER_NAMES as readonly string[]).includes(match[1] ?? '')) {
      return match[0];
    }
  }
  return undefined;
}

/** What is wrong with one variable, and whether it is in its name or its value; undefined when nothing is. */
function variableProblem(name: string, value: string): { readonly message: string; readonly inName: boolean } | undefined {
  if (name.trim() === '' || name.length > MAX_LABEL_CHARS || hasControlCharacter(name)) {
    return { message: 'A variable name is non-empty text on one line.', inName: true };
  }
  if (value.length > MAX_VALUE_CHARS) {
    return { message: `The value of "${name}" has ${value.length.toLocaleString('en-US')} characters, over the limit of ${MAX_VALUE_CHARS.toLocaleString('en-US')}.`, inName: false };
  }
  if (value.startsWith('file://')) {
    return { message: `The value of "${name}" starts with file://: promptfoo would load that file, checks send text as written and read no file. Write the text itself.`, inName: false };
  }
  const placeholder = editorPlaceholderIn(value);
  if (placeholder !== undefined) {
    return { message: `${placeholder} is an editor placeholder: test files cannot read your editor or clipboard. Write the value itself.`, inName: false };
  }
  return undefined;
}

/** Checks one variable's name and value; the value as sent, or undefined after a problem. */
export function checkVariable(name: string, value: string, nameRange: SourceRange, valueRange: SourceRange, problems: Problems): string | undefined {
  const problem = variableProblem(name, value);
  if (problem !== undefined) {
    problems.add(problem.message, problem.inName ? nameRange : valueRange);
    return undefined;
  }
  return value;
}

/** Reads a `vars` object into a null-prototype record. */
export function readVars(node: JsonNode, problems: Problems): Record<string, string> {
  const vars = recordOf<string>();
  if (node.kind !== 'object') {
    problems.add(`"vars" is an object of variable names and values, not ${kindName(node)}.`, node.range);
    return vars;
  }
  if (node.entries.length > MAX_VARS_PER_TEST) {
    problems.add(`A test has at most ${MAX_VARS_PER_TEST} variables.`, node.range);
    return vars;
  }
  for (const entry of node.entries) {
    const { key, value } = entry;
    let text: string | undefined;
    if (value.kind === 'string') {
      text = value.value;
    } else if (value.kind === 'number' || value.kind === 'boolean') {
      text = String(value.value);
    } else if (value.kind === 'array') {
      problems.add(`"${key}" is a list: promptfoo would run one test per item, checks do not. Write one test per value.`, value.range);
    } else {
      problems.add(`The value of "${key}" must be text, not ${kindName(value)}.`, value.range);
    }
    if (text === undefined) continue;
    // The ranges are made only for a problem (a tree's nodes make them when asked).
    const problem = variableProblem(key, text);
    if (problem !== undefined) {
      problems.add(problem.message, problem.inName ? entry.keyRange : value.range);
    } else {
      vars[key] = text;
    }
  }
  return vars;
}
