// A test file as a promptfoo config (`promptfooconfig.yaml`), for a team that wants promptfoo's
// model-graded assertions or its web view: one `http` provider per variant calling the gist
// service (the key read from an environment variable by promptfoo, never written), and the tests
// and assertions as they are. What promptfoo 0.123.1 lacks is translated and said so in the file's
// comments (`character-count` and a regular expression's leading `(?i)` become `javascript`), or
// the export is refused with the reason. Pure Node: no `vscode`.
import { parse as parseJsonc } from 'jsonc-parser';
import { generateUrl } from '../client/urls';
import { unhiddenLine } from '../shared/oneLine';
import type { Check } from '../expectations/checkModel';
import type { VariantChoice } from '../runs/variants';
import { variantLabel } from './checkNames';
import { promptfooWouldLoad } from './promptfooLoads';
import type { LoadedTestFile } from './testFileLoad';

/** The promptfoo release whose assertions the export is written for (and the interop suite runs). */
export const PROMPTFOO_VERSION = '0.123.1';
/** The environment variable the exported config reads the key from. */
export const KEY_VARIABLE = 'GIST_API_KEY';

export interface PromptfooExportInput {
  readonly loaded: LoadedTestFile;
  /** The test file's text, whose assertions are exported as written. */
  readonly text: string;
  readonly variants: readonly VariantChoice[];
  readonly baseUrl: string;
  readonly apiKeyHeader: string;
  /** The test file's name and its CSV's path relative to the config (beside the test file). */
  readonly testFileName: string;
  readonly csvRelative?: string;
}

export type PromptfooExport = { readonly ok: true; readonly config: Record<string, unknown>; readonly notes: readonly string[] } | { readonly ok: false; readonly reason: string };

type Json = Record<string, unknown>;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const LEADING_FLAGS = /^\(\?([ims]+)\)/;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `character-count`'s bound as a JavaScript test of `n`. */
function countTest(value: unknown): string | undefined {
  const exact = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : undefined;
  if (exact !== undefined) return `n === ${exact}`;
  if (!isObject(value)) return undefined;
  const parts = [...(typeof value.min === 'number' ? [`n >= ${value.min}`] : []), ...(typeof value.max === 'number' ? [`n <= ${value.max}`] : [])];
  return parts.length === 0 ? undefined : parts.join(' && ');
}

/** One assertion as promptfoo 0.123.1 reads it, translated where it has no such type. */
function translated(assertion: Json, where: string, notes: string[]): Json {
  const type = typeof assertion.type === 'string' ? assertion.type : '';
  if (type === 'assert-set' && Array.isArray(assertion.assert)) {
    const members: unknown[] = assertion.assert;
    return { ...assertion, assert: members.map((member, index): unknown => (isObject(member) ? translated(member, `${where}.assert[${index}]`, notes) : member)) };
  }
  const inverse = type.startsWith('not-');
  const base = inverse ? type.slice(4) : type;
  const { type: _type, value, ...rest } = assertion;
  if (base === 'llm-rubric') {
    notes.push(`${where}: ${type} is graded by promptfoo's default grading provider (OpenAI, with your OPENAI_API_KEY) unless you set one in defaultTest.options.provider; in VS Code it was the chat model you picked.`);
    return assertion;
  }
  if (base === 'character-count') {
    const test = countTest(value);
    notes.push(`${where}: ${type} is written as ${inverse ? 'not-' : ''}javascript (promptfoo ${PROMPTFOO_VERSION} has no character-count); it counts characters as checks do, by Unicode code points.`);
    return { type: `${inverse ? 'not-' : ''}javascript`, value: `((n) => ${test ?? 'false'})(Array.from(output).length)`, ...rest };
  }
  if (base === 'regex' && typeof value === 'string') {
    const flags = LEADING_FLAGS.exec(value);
    if (flags !== null) {
      notes.push(`${where}: the regular expression's leading (?${flags[1]}) is written as a javascript assertion with the flags "${flags[1]}" (JavaScript's regular expressions have no inline flags).`);
      return { type: `${inverse ? 'not-' : ''}javascript`, value: `new RegExp(${JSON.stringify(value.slice(flags[0].length))}, ${JSON.stringify(flags[1])}).test(output)`, ...rest };
    }
  }
  return assertion;
}

function translatedList(list: unknown, where: string, notes: string[]): unknown {
  if (!Array.isArray(list)) return list;
  const items: unknown[] = list;
  return items.map((item, index): unknown => (isObject(item) ? translated(item, `${where}[${index}]`, notes) : item));
}

/** The CSV's assertions that promptfoo 0.123.1 would read as something else. */
function csvMisread(checks: readonly Check[]): string | undefined {
  for (const check of checks) {
    const members = check.check === 'assert-set' ? check.assert : [check];
    for (const member of members) {
      if (member.range.file !== 'testsFile') continue;
      if (member.baseType === 'character-count') return 'character-count';
      if (member.expectation.kind === 'regex' && LEADING_FLAGS.test(member.expectation.source)) return 'a regular expression with (?i), (?s) or (?m)';
    }
  }
  return undefined;
}

/** As promptfoo's processJsonBody: a rendered value that starts with { or [ and parses to an object or array. */
function readAsJsonByPromptfoo(value: string): boolean {
  const trimmed = value.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return false;
  try {
    const parsed = JSON.parse(value) as unknown;
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
}

export function promptfooConfig(input: PromptfooExportInput): PromptfooExport {
  const { loaded } = input;
  if (!loaded.file.runnable || loaded.problems.length > 0 || loaded.file.gist === undefined) {
    return { ok: false, reason: 'The test file has problems (see the Problems view); fix them before exporting it.' };
  }
  const root = parseJsonc(input.text, [], { allowTrailingComma: true }) as unknown;
  if (!isObject(root)) return { ok: false, reason: 'The test file is not an object.' };
  for (const test of loaded.tests) {
    if (test.ok && test.range.file === 'testsFile') {
      const misread = csvMisread(test.assert);
      if (misread !== undefined) {
        return { ok: false, reason: `Line ${test.range.start.line + 1} of the CSV uses ${misread}, which promptfoo ${PROMPTFOO_VERSION} would read as text to compare with; move the row into "tests" to export it.` };
      }
    }
  }
  for (const test of loaded.tests) {
    const loads = test.ok ? promptfooWouldLoad(test) : undefined;
    if (loads !== undefined) {
      return { ok: false, reason: `${loads.inCsv ? 'Line' : 'At line'} ${loads.line}${loads.inCsv ? ' of the CSV' : ''}, ${loads.reason}. Exporting it would turn a test into code that promptfoo runs, so it cannot be exported as it is.` };
    }
  }
  const names = new Set<string>();
  for (const test of loaded.tests) if (test.ok) for (const name of Object.keys(test.vars)) names.add(name);
  const odd = [...names].find((name) => !IDENTIFIER.test(name));
  if (odd !== undefined) {
    return { ok: false, reason: `The variable "${odd}" cannot be named in promptfoo's request template (letters, digits and _ only); rename it to export the file.` };
  }
  const notes: string[] = [];
  const sorted = [...names].sort();
  // An object body, each value a template: promptfoo renders each string in it, then reads a value
  // that starts with { or [ and parses as JSON as that object or array (processJsonBody), which
  // the service refuses (values are text). Such a value cannot be exported as it is.
  const body = { values: Object.fromEntries(sorted.map((name) => [name, `{{ ${name} }}`])) };
  for (const test of loaded.tests) {
    if (!test.ok) continue;
    const name = sorted.find((variable) => readAsJsonByPromptfoo(test.vars[variable] ?? ''));
    if (name !== undefined) {
      const where = test.range.file === 'testsFile' ? `Line ${test.range.start.line + 1} of the CSV` : `The test at line ${test.range.start.line + 1}`;
      return { ok: false, reason: `${where} gives "${name}" a JSON object or array, which promptfoo ${PROMPTFOO_VERSION} would send as JSON rather than as text; it cannot be exported as it is.` };
    }
  }
  const providers = input.variants.map((variant) => {
    const url = generateUrl(input.baseUrl, loaded.file.gist!, variant ?? undefined);
    return {
      id: url.startsWith('http:') ? 'http' : 'https',
      label: variantLabel(variant),
      config: {
        url,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [input.apiKeyHeader]: `{{ env.${KEY_VARIABLE} }}` },
        // An object (a string body that is not JSON makes promptfoo log the headers, key included).
        body,
        transformResponse: 'json.data.content',
      },
    };
  });
  const tests: unknown[] = [];
  if (Array.isArray(root.tests)) {
    root.tests.forEach((test, index) => {
      if (!isObject(test)) return;
      const vars = isObject(test.vars) ? Object.fromEntries(Object.entries(test.vars).map(([name, value]) => [name, String(value)])) : undefined;
      tests.push({ ...test, ...(vars !== undefined ? { vars } : {}), ...(test.assert !== undefined ? { assert: translatedList(test.assert, `tests[${index}].assert`, notes) } : {}) });
    });
  }
  if (input.csvRelative !== undefined) tests.push(`file://${input.csvRelative}`);
  const defaultTest = isObject(root.defaultTest)
    ? {
        ...root.defaultTest,
        ...(isObject(root.defaultTest.vars) ? { vars: Object.fromEntries(Object.entries(root.defaultTest.vars).map(([name, value]) => [name, String(value)])) } : {}),
        ...(root.defaultTest.assert !== undefined ? { assert: translatedList(root.defaultTest.assert, 'defaultTest.assert', notes) } : {}),
      }
    : undefined;
  const config: Record<string, unknown> = {
    description: typeof root.description === 'string' ? root.description : `Checks of the gist ${loaded.file.gist}, from ${input.testFileName}`,
    prompts: [`gist ${loaded.file.gist}`],
    providers,
    ...(defaultTest !== undefined ? { defaultTest } : {}),
    tests,
    ...(loaded.file.repeat > 1 ? { evaluateOptions: { repeat: loaded.file.repeat } } : {}),
  };
  return { ok: true, config, notes };
}

/**
 * The config as YAML, with a header that says where it came from, how to run it and what was
 * translated. The header's comments hold outside text (the test file's name, its assertions): a
 * line break in it would end the comment and write YAML of its own (a `javascript` assertion,
 * which promptfoo runs), so each is one line with its breaks and invisible characters shown.
 */
export async function promptfooYaml(exported: Extract<PromptfooExport, { ok: true }>, testFileName: string): Promise<string> {
  const { stringify } = await import('yaml');
  const header = [
    `# promptfoo config exported by Gist Generate from ${unhiddenLine(testFileName)}.`,
    `# Written for promptfoo ${PROMPTFOO_VERSION}. The key is read from the environment, never written here:`,
    `#   ${KEY_VARIABLE}=… npx promptfoo@${PROMPTFOO_VERSION} eval -c promptfooconfig.yaml --no-cache`,
    '# (--no-cache: latency assertions need fresh calls, and each call should reach the service.)',
    '# Regular expressions run on JavaScript here (on RE2 in checks): a pattern that backtracks badly can hang promptfoo.',
    ...exported.notes.map((note) => `# ${unhiddenLine(note)}`),
  ];
  return `${header.join('\n')}\n${stringify(exported.config, { lineWidth: 0 })}`;
}
