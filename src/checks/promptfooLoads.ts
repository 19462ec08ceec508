// What promptfoo would load or run from a CSV row, which it reads as written (the test file's own
// strings are rewritten by the export through promptfooText), where checks read the same text as text:
// promptfoo 0.123.1 loads an assertion value (or a variable) that starts with `file://` (and runs
// it when it names a .js, .py or .rb file) or `package:`, and renders every variable as a Nunjucks
// template, whose expressions can run code. A test file from a repository must not turn into code
// by being exported, so such text makes the export refuse, with the place. Pure: no `vscode`.
import type { AssertionExpectation, Check, GistTest } from '../expectations/checkModel';
import { PROMPTFOO_LOADS, promptfooText } from './promptfooText';


/** Every string in a JSON value (an is-json schema, a JSON value to compare with). */
function* stringsIn(value: unknown, depth = 0): Generator<string> {
  if (typeof value === 'string') {
    yield value;
  } else if (typeof value === 'object' && value !== null && depth < 64) {
    for (const member of Array.isArray(value) ? value : Object.values(value)) yield* stringsIn(member, depth + 1);
  }
}

function* expectationTexts(expectation: AssertionExpectation): Generator<string> {
  switch (expectation.kind) {
    case 'text':
    case 'distance':
      yield expectation.text;
      return;
    case 'texts':
      yield* expectation.texts;
      return;
    case 'regex':
      yield expectation.source;
      return;
    case 'rubric':
      yield expectation.rubric;
      return;
    case 'json':
      yield* stringsIn(expectation.value);
      return;
    case 'schema':
      yield* stringsIn(expectation.schema?.source);
      return;
    case 'threshold':
    case 'count':
      return;
  }
}

function* assertions(checks: readonly Check[]): Generator<Check> {
  for (const check of checks) {
    yield check;
    if (check.check === 'assert-set') yield* check.assert;
  }
}

function shown(text: string): string {
  const line = text.trim().replace(/\s+/g, ' ');
  return JSON.stringify(line.length > 60 ? `${line.slice(0, 59)}…` : line);
}

/** Why promptfoo would load or run something of `test`, and where (the line, from 1, and its file); undefined when nothing. */
export function promptfooWouldLoad(test: GistTest): { readonly line: number; readonly inCsv: boolean; readonly reason: string } | undefined {
  // Only a CSV row: promptfoo reads the CSV as it is, where the test file's own strings are rewritten by the export.
  if (test.range.file !== 'testsFile') return undefined;
  for (const [name, value] of Object.entries(test.vars)) {
    const written = promptfooText(value, 'variable');
    if (!written.ok) return { line: test.range.start.line + 1, inCsv: true, reason: `the value of "${name}", ${written.reason}` };
  }
  for (const check of assertions(test.assert)) {
    if (check.check !== 'assertion' || check.range.file !== 'testsFile') continue;
    for (const text of expectationTexts(check.expectation)) {
      if (PROMPTFOO_LOADS.test(text)) {
        return { line: check.range.start.line + 1, inCsv: true, reason: `the ${check.type} assertion's value ${shown(text)} would make promptfoo load what it names (and run it when it is code), where checks compare with it as text` };
      }
    }
  }
  return undefined;
}
