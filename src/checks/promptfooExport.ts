// A test file as a promptfoo config (`promptfooconfig.yaml`), for a team that wants promptfoo's
// model-graded assertions or its web view: one `http` provider per variant calling the gist
// service (the key read from an environment variable by promptfoo, never written), and the tests
// and assertions as they are. What promptfoo 0.123.1 lacks is translated and said so in the file's
// comments (`character-count` and a regular expression's leading `(?i)` become `javascript`), or
// the export is refused with the reason. Pure Node: no `vscode`.
import { type Node, parseTree } from 'jsonc-parser';
import { generateUrl } from '../client/urls';
import { hasTemplate } from '../expectations/valueTemplate';
import { unhiddenLine } from '../shared/oneLine';
import type { Check } from '../expectations/checkModel';
import type { VariantChoice } from '../runs/variants';
import { variantLabel } from './checkNames';
import { promptfooWouldLoad } from './promptfooLoads';
import { promptfooText, type PromptfooUse } from './promptfooText';
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

/** A javascript assertion's code, which promptfoo renders with Nunjucks before it runs it: written literally. */
function code(text: string): string {
  const written = promptfooText(text, 'literal');
  return written.ok ? written.text : text;
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
    return { type: `${inverse ? 'not-' : ''}javascript`, value: code(`((n) => ${test ?? 'false'})(Array.from(output).length)`), ...rest };
  }
  if (base === 'regex' && typeof value === 'string') {
    const flags = LEADING_FLAGS.exec(value);
    if (flags !== null) {
      notes.push(`${where}: the regular expression's leading (?${flags[1]}) is written as a javascript assertion with the flags "${flags[1]}" (JavaScript's regular expressions have no inline flags).`);
      return { type: `${inverse ? 'not-' : ''}javascript`, value: code(`new RegExp(${JSON.stringify(value.slice(flags[0].length))}, ${JSON.stringify(flags[1])}).test(output)`), ...rest };
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

/** Defined, not assigned: a key "__proto__" from the file stays a key. */
function put(object: Json, name: string, value: unknown): void {
  Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
}

/** Assertion types whose text value checks read as it is (a JSON schema), not filling {{ }}. */
const LITERAL_VALUE_TYPES = new Set(['is-json', 'contains-json']);

/**
 * The test file's JSON rewritten for promptfoo: every string through promptfooText, as promptfoo
 * uses it there, and only the fields a test file may hold (nothing else is copied). The first
 * string that cannot be written is kept with its line.
 */
class ConfigWriter {
  refusal: string | undefined;
  constructor(private readonly text: string) {}

  private refuse(node: Node, reason: string): void {
    if (this.refusal !== undefined) return;
    const line = this.text.slice(0, node.offset).split('\n').length;
    this.refusal = `At line ${line}, ${reason}. promptfoo would not take it as the test file means it, so it cannot be exported as it is.`;
  }

  string(node: Node, use: PromptfooUse): string {
    const value = node.type === 'string' ? (node.value as string) : String(node.value);
    const written = promptfooText(value, use);
    if (!written.ok) {
      this.refuse(node, written.reason);
      return value;
    }
    return written.text;
  }

  /** Any JSON (metadata, a schema, a JSON value): strings are not rendered but seen by the env pass; `$ref` is resolved by promptfoo. */
  json(node: Node): unknown {
    switch (node.type) {
      case 'string':
        return this.string(node, 'verbatim');
      case 'array':
        return (node.children ?? []).map((child) => this.json(child));
      case 'object': {
        const result: Json = {};
        for (const property of node.children ?? []) {
          const [key, value] = property.children ?? [];
          if (key === undefined || value === undefined) continue;
          const name = key.value as string;
          if (name === '$ref') this.refuse(key, 'a "$ref", which promptfoo resolves when it loads the config (reading the file or address it names)');
          put(result, name, this.json(value));
        }
        return result;
      }
      default:
        return node.value as unknown;
    }
  }

  private members(node: Node | undefined): Array<[string, Node]> {
    if (node?.type !== 'object') return [];
    return (node.children ?? []).flatMap((property) => {
      const [key, value] = property.children ?? [];
      return key === undefined || value === undefined ? [] : [[key.value as string, value] as [string, Node]];
    });
  }

  assertion(node: Node): unknown {
    if (node.type !== 'object') return this.json(node);
    const fields = this.members(node);
    const type = fields.find(([name]) => name === 'type')?.[1];
    const typeText = type?.type === 'string' ? (type.value as string) : '';
    const base = typeText.startsWith('not-') ? typeText.slice(4) : typeText;
    const result: Json = {};
    for (const [name, value] of fields) {
      if (name === 'assert' && value.type === 'array') put(result, name, (value.children ?? []).map((child) => this.assertion(child)));
      else if (name === 'metric' && value.type === 'string') put(result, name, this.string(value, 'template'));
      else if (name === 'value' && value.type === 'string' && base === 'regex' && LEADING_FLAGS.test(value.value as string)) {
        // Left as the file has it for translated(), which writes it into javascript as literal code;
        // a {{ }} would be filled inside that code, so it is refused.
        if (hasTemplate(value.value as string)) this.refuse(value, 'a regular expression with (?i), (?s) or (?m) and {{ }} cannot be written as promptfoo javascript without filling a variable into code');
        put(result, name, value.value as string);
      } else if (name === 'value' && value.type === 'string') put(result, name, this.string(value, LITERAL_VALUE_TYPES.has(base) ? 'literal' : 'template'));
      // promptfoo renders each text of a list (and loads one that starts with file://).
      else if (name === 'value' && value.type === 'array') put(result, name, (value.children ?? []).map((item) => (item.type === 'string' ? this.string(item, 'template') : this.json(item))));
      else put(result, name, this.json(value));
    }
    return result;
  }

  test(node: Node): Json | undefined {
    if (node.type !== 'object') return undefined;
    const result: Json = {};
    for (const [name, value] of this.members(node)) {
      if (name === 'vars' && value.type === 'object') put(result, name, Object.fromEntries(this.members(value).map(([variable, given]) => [variable, this.string(given, 'variable')])));
      else if (name === 'assert' && value.type === 'array') put(result, name, (value.children ?? []).map((child) => this.assertion(child)));
      else put(result, name, this.json(value));
    }
    return result;
  }
}

export function promptfooConfig(input: PromptfooExportInput): PromptfooExport {
  const { loaded } = input;
  if (!loaded.file.runnable || loaded.problems.length > 0 || loaded.file.gist === undefined) {
    return { ok: false, reason: 'The test file has problems (see the Problems view); fix them before exporting it.' };
  }
  const root = parseTree(input.text, [], { allowTrailingComma: true });
  if (root?.type !== 'object') return { ok: false, reason: 'The test file is not an object.' };
  const field = (node: Node | undefined, name: string): Node | undefined =>
    node?.type === 'object' ? node.children?.find((property) => property.children?.[0]?.value === name)?.children?.[1] : undefined;
  for (const test of loaded.tests) {
    if (test.ok && test.range.file === 'testsFile') {
      const misread = csvMisread(test.assert);
      if (misread !== undefined) {
        return { ok: false, reason: `Line ${test.range.start.line + 1} of the CSV uses ${misread}, which promptfoo ${PROMPTFOO_VERSION} would read as text to compare with; move the row into "tests" to export it.` };
      }
    }
  }
  // The CSV is read by promptfoo as it is, so what it cannot take literally is refused; the test
  // file's own strings are rewritten below.
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
  const writer = new ConfigWriter(input.text);
  // Strings that are not the test file's lines (the gist id in a URL or label, a variant's label):
  // refused without a line when promptfoo would not take them as written.
  let refusal: string | undefined;
  const unchecked = (text: string, use: PromptfooUse, what: string): string => {
    const checked = promptfooText(text, use);
    if (checked.ok && (use === 'verbatim' || checked.text === text)) return checked.text;
    refusal ??= `The ${what}, ${JSON.stringify(text)}, would not be taken as it is by promptfoo${checked.ok ? ' (it renders it as a Nunjucks template)' : ` (${checked.reason})`}; change the gist id or variant to export the file.`;
    return text;
  };
  const providers = input.variants.map((variant) => {
    // promptfoo's http provider renders its URL with Nunjucks: it must be plain text.
    const url = unchecked(generateUrl(input.baseUrl, loaded.file.gist!, variant ?? undefined), 'literal', 'provider URL');
    return {
      id: url.startsWith('http:') ? 'http' : 'https',
      label: unchecked(variantLabel(variant), 'verbatim', 'variant label'),
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
  const testsNode = field(root, 'tests');
  (testsNode?.type === 'array' ? (testsNode.children ?? []) : []).forEach((node, index) => {
    const test = writer.test(node);
    if (test === undefined) return;
    tests.push(test.assert !== undefined ? { ...test, assert: translatedList(test.assert, `tests[${index}].assert`, notes) } : test);
  });
  if (input.csvRelative !== undefined) tests.push(`file://${input.csvRelative}`);
  const defaultNode = field(root, 'defaultTest');
  const written = defaultNode === undefined ? undefined : writer.test(defaultNode);
  const defaultTest = written === undefined ? undefined : written.assert !== undefined ? { ...written, assert: translatedList(written.assert, 'defaultTest.assert', notes) } : written;
  const descriptionNode = field(root, 'description');
  const config: Record<string, unknown> = {
    description: descriptionNode?.type === 'string' ? writer.string(descriptionNode, 'verbatim') : unchecked(`Checks of the gist ${loaded.file.gist}, from ${input.testFileName}`, 'verbatim', 'description made of the gist id and file name'),
    // An object, not a string: processPrompts loads a prompt string shaped like a path as a file or
    // module. Its text is constant (the http provider sends the variables, not the prompt); the id
    // is only in the label, which promptfoo shows and does not render.
    prompts: [{ raw: 'gist', label: unchecked(`gist ${loaded.file.gist}`, 'verbatim', 'prompt label made of the gist id') }],
    providers,
    ...(defaultTest !== undefined ? { defaultTest } : {}),
    tests,
    ...(loaded.file.repeat > 1 ? { evaluateOptions: { repeat: loaded.file.repeat } } : {}),
  };
  if (writer.refusal !== undefined) return { ok: false, reason: writer.refusal };
  if (refusal !== undefined) return { ok: false, reason: refusal };
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
