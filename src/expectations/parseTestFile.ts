// Reads a `*.gisttest.json` (JSON with comments) into a GistTestFile, shaped like promptfoo's
// config: `gist`, `variants`, `defaultTest`, `tests` (each with `description`, `vars`, `assert`,
// `threshold`) and `testsFile` (a CSV of more tests). The file is workspace content, so it is
// checked whole: size, counts, every field, every value, each with its line. Pure: no `vscode`.
import { createScanner, SyntaxKind } from 'jsonc-parser';
import { recordOf } from '../shared/keyedRecord';
import { hasControlCharacter } from '../shared/text';
import { CheckBuilder } from './buildChecks';
import { MAX_REPEAT, MAX_TESTS_PER_FILE, MAX_TEST_FILE_BYTES, MAX_VARIANTS_PER_FILE } from './checkLimits';
import { type GistTest, type SourceRange } from './checkModel';
import { type CheckSpec, readChecks } from './checkSpec';
import { checkFields, readLabel, readNumber } from './fieldReaders';
import { entryOf, type JsonNode, kindName, LineIndex, parseJsonNodes } from './jsonNode';
import { Problems } from './problems';
import { type GistTestFile, type TestDefaults, type TestEntry, type VariantName } from './testFile';
import { readVars } from './testVars';

const FILE_FIELDS = ['$schema', 'description', 'gist', 'variants', 'repeat', 'defaultTest', 'tests', 'testsFile'];
const DEFAULT_TEST_FIELDS = ['vars', 'assert', 'threshold', 'metadata'];
const TEST_FIELDS = ['description', 'vars', 'assert', 'threshold', 'metadata'];
/** The longest gist id or variant slug, as the client allows (shared/limits.ts: 256 bytes). */
const MAX_ID_CHARS = 256;

const REFUSED_FILE_FIELDS: Readonly<Record<string, string>> = {
  prompts: 'a test file checks one gist; its variants are what promptfoo calls prompts ("variants")',
  providers: 'calls go to your gist service with your profile',
  scenarios: 'write the tests out in "tests"',
  derivedMetrics: 'derived metrics run expressions from the file',
  evaluateOptions: 'use "repeat" for several runs of each test',
};
const REFUSED_TEST_FIELDS: Readonly<Record<string, string>> = {
  options: 'prompt prefixes, transforms and grading providers do not apply to a gist call',
  provider: 'calls go to your gist service with your profile',
  providers: 'a test file names its variants once, in "variants"',
  prompts: 'a test file names its variants once, in "variants"',
  providerOutput: 'checks run on what the service returns',
  assertScoringFunction: 'it runs code from the file',
};

type ObjectNode = Extract<JsonNode, { kind: 'object' }>;

function field(node: ObjectNode, key: string): JsonNode | undefined {
  return entryOf(node, key)?.value;
}

function checkObjectFields(node: ObjectNode, allowed: readonly string[], refused: Readonly<Record<string, string>>, where: string, problems: Problems): void {
  // Most objects hold only allowed fields: then there is nothing to report.
  let allAllowed = true;
  for (const entry of node.entries) {
    if (!allowed.includes(entry.key)) {
      allAllowed = false;
      break;
    }
  }
  if (allAllowed) return;
  for (const { key, keyRange } of node.entries) {
    if (!allowed.includes(key) && Object.hasOwn(refused, key)) {
      problems.add(`"${key}" is not supported in ${where}: ${refused[key]}.`, keyRange);
    }
  }
  checkFields(new Map(node.entries.filter((entry) => !Object.hasOwn(refused, entry.key)).map((entry) => [entry.key, { node: entry.value, keyRange: entry.keyRange }])), allowed, where, problems);
}

/** A gist id or variant slug: text on one line without spaces around it. */
function readId(node: JsonNode, what: string, problems: Problems): string | undefined {
  if (node.kind !== 'string' || node.value === '' || node.value.trim() !== node.value || node.value.length > MAX_ID_CHARS || hasControlCharacter(node.value)) {
    problems.add(`${what} is non-empty text on one line, without spaces around it, of at most ${MAX_ID_CHARS} characters${node.kind === 'string' ? '' : `, not ${kindName(node)}`}.`, node.range);
    return undefined;
  }
  return node.value;
}

function readVariants(node: JsonNode, problems: Problems): VariantName[] | undefined {
  if (node.kind !== 'array' || node.items.length === 0 || node.items.length > MAX_VARIANTS_PER_FILE) {
    problems.add(`"variants" is a list of 1 to ${MAX_VARIANTS_PER_FILE} variant slugs (null for Automatic); leave it out to run the catalog's variants.`, node.range);
    return undefined;
  }
  const variants: VariantName[] = [];
  for (const item of node.items) {
    const variant = item.kind === 'null' ? null : readId(item, 'A variant', problems);
    if (variant === undefined) {
      return undefined;
    }
    if (variants.includes(variant)) {
      problems.add(`${variant === null ? 'Automatic (null)' : `"${variant}"`} is listed twice in "variants".`, item.range);
      return undefined;
    }
    variants.push(variant);
  }
  return variants;
}

/** A relative path inside the workspace to a `.csv`: a repository cannot point at your files elsewhere. */
function readTestsFile(node: JsonNode, problems: Problems): string | undefined {
  const path = node.kind === 'string' ? node.value.replace(/^file:\/\//, '') : '';
  const segments = path.split('/');
  if (
    node.kind !== 'string' ||
    !/\.csv$/i.test(path) ||
    path.startsWith('/') ||
    path.includes('\\') ||
    path.includes(':') ||
    path.startsWith('~') ||
    hasControlCharacter(path) ||
    segments.some((segment) => segment === '..' || segment === '')
  ) {
    problems.add('"testsFile" is the path of a .csv file relative to this test file, inside the workspace: forward slashes, no "..", not absolute.', node.range);
    return undefined;
  }
  return path;
}

function readThreshold(node: JsonNode | undefined, problems: Problems): number | undefined {
  return node === undefined ? undefined : readNumber(node, 'The threshold (the weighted score, from 0 to 1, a test needs to pass)', problems, { max: 1 });
}

/** Stateless between calls (`decode` without `stream`), so one serves every file. */
const DECODER = new TextDecoder();

export interface TestFileSource {
  /** The file's bytes (refused past MAX_TEST_FILE_BYTES before decoding). */
  readonly bytes: Uint8Array;
}

/** Parses a test file. Never throws: whatever is wrong is in `problems`, at its place. */
export function parseTestFile({ bytes }: TestFileSource): GistTestFile {
  const problems = new Problems();
  const start: SourceRange = { file: 'testFile', start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const builder = new CheckBuilder(problems);
  const emptyDefaults: TestDefaults = { vars: recordOf(), checks: [], builder };
  const unreadable = (): GistTestFile => ({ repeat: 1, tests: [], problems: problems.all(), runnable: false, defaults: emptyDefaults });
  if (bytes.byteLength > MAX_TEST_FILE_BYTES) {
    problems.add(`This test file has ${Math.ceil(bytes.byteLength / 1024).toLocaleString('en-US')} KiB, over the limit of ${MAX_TEST_FILE_BYTES / 1024} KiB: split it, or move its tests into a CSV ("testsFile").`, start);
    return unreadable();
  }
  const decoded = DECODER.decode(bytes);
  const text = decoded.charCodeAt(0) === 0xfeff ? decoded.slice(1) : decoded;
  const lines = new LineIndex(text);
  if (createScanner(text, true).scan() === SyntaxKind.EOF) {
    problems.add('This test file is empty. A test file is an object: { "gist": "…", "tests": [ … ] }.', start);
    return unreadable();
  }
  const parsed = parseJsonNodes(text, lines);
  if (!parsed.ok) {
    for (const problem of parsed.problems) {
      problems.add(problem.message, problem.range);
    }
    return unreadable();
  }
  const root = parsed.root;
  if (root?.kind !== 'object') {
    problems.add('A test file is an object: { "gist": "…", "tests": [ … ] }.', root?.range ?? start);
    return unreadable();
  }
  checkObjectFields(root, FILE_FIELDS, REFUSED_FILE_FIELDS, 'a test file', problems);
  const fileProblemsBefore = problems.count;

  const gistNode = field(root, 'gist');
  const gist = gistNode === undefined ? undefined : readId(gistNode, '"gist" (the gist\'s id)', problems);
  if (gistNode === undefined) {
    problems.add('A test file needs "gist": the id of the gist to check.', root.range);
  }
  const descriptionNode = field(root, 'description');
  const description = descriptionNode === undefined ? undefined : readLabel(descriptionNode, 'The description', problems);
  const variantsNode = field(root, 'variants');
  const variants = variantsNode === undefined ? undefined : readVariants(variantsNode, problems);
  const repeatNode = field(root, 'repeat');
  const repeat = repeatNode === undefined ? 1 : readNumber(repeatNode, '"repeat" (runs of each test per variant)', problems, { integer: true, max: MAX_REPEAT });
  if (repeat === 0) {
    problems.add('"repeat" is at least 1.', repeatNode?.range ?? root.range);
  }
  const testsFileNode = field(root, 'testsFile');
  const testsFilePath = testsFileNode === undefined ? undefined : readTestsFile(testsFileNode, problems);

  const defaultNode = field(root, 'defaultTest');
  let defaultVars: Record<string, string> = recordOf();
  let defaultChecks: CheckSpec[] = [];
  let defaultThreshold: number | undefined;
  if (defaultNode !== undefined) {
    if (defaultNode.kind !== 'object') {
      problems.add(`"defaultTest" is an object with "vars", "assert" and "threshold" for every test, not ${kindName(defaultNode)}.`, defaultNode.range);
    } else {
      checkObjectFields(defaultNode, DEFAULT_TEST_FIELDS, REFUSED_TEST_FIELDS, '"defaultTest"', problems);
      const varsNode = field(defaultNode, 'vars');
      const assertNode = field(defaultNode, 'assert');
      defaultVars = varsNode === undefined ? defaultVars : readVars(varsNode, problems);
      defaultChecks = assertNode === undefined ? [] : readChecks(assertNode, problems);
      defaultThreshold = readThreshold(field(defaultNode, 'threshold'), problems);
    }
  }
  const fileLevelOk = problems.count === fileProblemsBefore && gist !== undefined;
  const defaults: TestDefaults = { vars: defaultVars, checks: defaultChecks, builder, ...(defaultThreshold !== undefined ? { threshold: defaultThreshold } : {}) };

  const tests: TestEntry[] = [];
  const defaultVarKeys = Object.keys(defaultVars);
  const testsNode = field(root, 'tests');
  if (testsNode !== undefined && testsNode.kind !== 'array') {
    problems.add(`"tests" is a list of tests, not ${kindName(testsNode)}.`, testsNode.range);
  } else if (testsNode !== undefined) {
    for (const [index, item] of testsNode.items.entries()) {
      if (index >= MAX_TESTS_PER_FILE) {
        problems.add(`A test file has at most ${MAX_TESTS_PER_FILE.toLocaleString('en-US')} tests; the rest are not read.`, item.range);
        break;
      }
      tests.push(readTest(item, index, defaults, defaultVarKeys, problems));
    }
  }
  if (testsNode === undefined && testsFilePath === undefined && testsFileNode === undefined) {
    problems.add('A test file needs "tests", "testsFile", or both.', root.range);
  }
  // Built key by key, in the order the result always had its keys.
  const file: { -readonly [K in keyof GistTestFile]: GistTestFile[K] } = {} as GistTestFile;
  if (gist !== undefined) {
    file.gist = gist;
    file.gistRange = gistNode!.range;
  }
  if (description !== undefined) file.description = description;
  if (variants !== undefined) file.variants = variants;
  file.repeat = repeat !== undefined && repeat >= 1 ? repeat : 1;
  file.tests = tests;
  if (testsFilePath !== undefined) file.testsFile = { path: testsFilePath, range: testsFileNode!.range };
  file.problems = problems.all();
  file.runnable = fileLevelOk;
  file.defaults = defaults;
  return file;
}

function readTest(node: JsonNode, index: number, defaults: TestDefaults, defaultVarKeys: readonly string[], fileProblems: Problems): TestEntry {
  const problems = new Problems();
  const finish = (entry: TestEntry): TestEntry => {
    if (problems.count > 0) {
      for (const problem of problems.all()) {
        fileProblems.add(problem.message, problem.range);
      }
    }
    return entry;
  };
  if (node.kind !== 'object') {
    problems.add(`A test is an object with "vars" and "assert", not ${kindName(node)}.`, node.range);
    return finish({ ok: false, index, range: node.range, problems: problems.all() });
  }
  checkObjectFields(node, TEST_FIELDS, REFUSED_TEST_FIELDS, 'a test', problems);
  let descriptionNode: JsonNode | undefined;
  let varsNode: JsonNode | undefined;
  let assertNode: JsonNode | undefined;
  let thresholdNode: JsonNode | undefined;
  // One walk for the four fields (keys are unique: a key written twice fails the file).
  for (const entry of node.entries) {
    switch (entry.key) {
      case 'description':
        descriptionNode = entry.value;
        break;
      case 'vars':
        varsNode = entry.value;
        break;
      case 'assert':
        assertNode = entry.value;
        break;
      case 'threshold':
        thresholdNode = entry.value;
        break;
    }
  }
  const description = descriptionNode === undefined ? undefined : readLabel(descriptionNode, 'The description', problems);
  const ownVars = varsNode === undefined ? recordOf<string>() : readVars(varsNode, problems);
  let vars = ownVars;
  if (defaultVarKeys.length > 0) {
    // defaultTest's variables first, the test's over them, in that order of keys.
    vars = recordOf<string>();
    for (const key of defaultVarKeys) vars[key] = defaults.vars[key]!;
    for (const key of Object.keys(ownVars)) vars[key] = ownVars[key]!;
  }
  const specs = assertNode === undefined ? [] : readChecks(assertNode, problems);
  const threshold = readThreshold(thresholdNode, problems) ?? defaults.threshold;
  const builder = defaults.builder.withProblems(problems);
  const checks = builder.build(defaults.checks.length === 0 ? specs : [...defaults.checks, ...specs], vars);
  const range = node.range;
  if (problems.count > 0 || checks === undefined) {
    return finish(description !== undefined ? { ok: false, index, range, problems: problems.all(), description } : { ok: false, index, range, problems: problems.all() });
  }
  const entry: { ok: true } & { -readonly [K in keyof GistTest]: GistTest[K] } = { ok: true, index, range, vars, assert: checks };
  // Set after the others, in the order the result always had its keys.
  if (description !== undefined) entry.description = description;
  if (threshold !== undefined) entry.threshold = threshold;
  return entry;
}
