// Export Checks as promptfoo Config, its pure half: a provider per variant calling the gist service
// with the key from the environment (never written), the tests and assertions as written, what
// promptfoo 0.123.1 lacks translated and said so, what it would misread refused. promptfoo itself
// runs the result in `npm run test:interop`.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { parse } from 'yaml';
import { promptfooConfig, promptfooYaml, type PromptfooExport } from '../../../src/checks/promptfooExport';
import { loadTestFile } from '../../../src/checks/testFileLoad';
import { loadCheckLibraries } from '../../../src/expectations/checkLibraries';

describe('checks: export as a promptfoo config', function () {
  let dir: string;

  before(() => loadCheckLibraries());
  beforeEach(function () {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gist-promptfoo-'));
  });
  afterEach(function () {
    rmSync(dir, { recursive: true, force: true });
  });

  async function exported(test: unknown, csv?: string, variants: Array<string | null> = ['formal', null]): Promise<PromptfooExport> {
    const file = path.join(dir, 'welcome.gisttest.json');
    const text = JSON.stringify(test, null, 2);
    writeFileSync(file, text);
    if (csv !== undefined) writeFileSync(path.join(dir, 'people.csv'), csv);
    const loaded = await loadTestFile(file, { root: dir });
    return promptfooConfig({ loaded, text, variants, baseUrl: 'https://gists.example.com', apiKeyHeader: 'SERVICE-API-KEY', testFileName: 'welcome.gisttest.json', ...(csv !== undefined ? { csvRelative: 'people.csv' } : {}) });
  }

  it('one http provider per variant, Automatic without a variant in the path, the key only as {{ env.GIST_API_KEY }}', async function () {
    const result = await exported({ gist: 'welcome email', tests: [{ vars: { name: 'Ada', product: 'Loom' }, assert: [{ type: 'contains', value: 'Ada' }] }] });
    assert.ok(result.ok);
    const providers = result.config.providers as Array<{ id: string; label: string; config: { url: string; headers: Record<string, string>; body: string; transformResponse: string } }>;
    assert.deepEqual(
      providers.map((provider) => [provider.id, provider.label, provider.config.url]),
      [
        ['https', 'formal', 'https://gists.example.com/v1/generate/welcome%20email/formal'],
        ['https', 'Automatic', 'https://gists.example.com/v1/generate/welcome%20email'],
      ],
    );
    assert.deepEqual(providers[0]?.config.headers, { 'Content-Type': 'application/json', 'SERVICE-API-KEY': '{{ env.GIST_API_KEY }}' });
    assert.deepEqual(providers[0]?.config.body, { values: { name: '{{ name }}', product: '{{ product }}' } });
    assert.equal(providers[0]?.config.transformResponse, 'json.data.content');
  });

  it('keeps tests and assertions as written (not-, weights, thresholds, metrics, assert-set, {{ var }}), values as text', async function () {
    const set = { type: 'assert-set', threshold: 0.5, weight: 2, metric: 'helpful', assert: [{ type: 'icontains-any', value: ['a', 'b'] }, { type: 'regex', value: '\\d+' }] };
    const test = { description: 'd', vars: { name: 'Ada', n: 3 }, threshold: 0.5, assert: [{ type: 'not-contains', value: '{{ name }}', weight: 0, metric: 'm' }, { type: 'levenshtein', value: 'x', threshold: 3 }, set] };
    const result = await exported({ gist: 'g', repeat: 2, defaultTest: { assert: [{ type: 'latency', threshold: 3000 }] }, tests: [test] });
    assert.ok(result.ok);
    assert.deepEqual(result.config.tests, [{ ...test, vars: { name: 'Ada', n: '3' } }]);
    assert.deepEqual(result.config.defaultTest, { assert: [{ type: 'latency', threshold: 3000 }] });
    assert.deepEqual(result.config.evaluateOptions, { repeat: 2 });
    assert.deepEqual(result.notes, []);
  });

  it('writes character-count and a leading (?i) as javascript, and says so', async function () {
    const result = await exported({
      gist: 'g',
      tests: [{ vars: { t: 'x' }, assert: [{ type: 'character-count', value: { max: 280 } }, { type: 'not-character-count', value: 3 }, { type: 'regex', value: '(?i)^dear' }] }],
    });
    assert.ok(result.ok);
    const [test] = result.config.tests as Array<{ assert: unknown[] }>;
    assert.deepEqual(test?.assert, [
      { type: 'javascript', value: '((n) => n <= 280)(Array.from(output).length)' },
      { type: 'not-javascript', value: '((n) => n === 3)(Array.from(output).length)' },
      { type: 'javascript', value: 'new RegExp("^dear", "i").test(output)' },
    ]);
    assert.equal(result.notes.length, 3);
    assert.match(result.notes[0] ?? '', /^tests\[0\]\.assert\[0\]: character-count is written as javascript \(promptfoo 0\.123\.1 has no character-count\)/);
  });

  it('writes llm-rubric as it is, saying that promptfoo grades it with its own default provider', async function () {
    const result = await exported({ gist: 'g', tests: [{ vars: { t: 'x' }, assert: [{ type: 'not-llm-rubric', value: 'Apologises', threshold: 0.7 }] }] });
    assert.ok(result.ok);
    const [test] = result.config.tests as Array<{ assert: unknown[] }>;
    assert.deepEqual(test?.assert, [{ type: 'not-llm-rubric', value: 'Apologises', threshold: 0.7 }]);
    assert.equal(result.notes.length, 1);
    assert.match(result.notes[0] ?? '', /^tests\[0\]\.assert\[0\]: not-llm-rubric is graded by promptfoo's default grading provider/);
  });

  it('points at the CSV as it is, and refuses one whose cells promptfoo would misread', async function () {
    const fine = await exported({ gist: 'g', tests: [], testsFile: 'people.csv' }, 'name,__expected\nAda,contains: Ada\n');
    assert.ok(fine.ok);
    assert.deepEqual(fine.config.tests, ['file://people.csv']);
    const misread = await exported({ gist: 'g', testsFile: 'people.csv' }, 'name,__expected\nAda,character-count: 20\n');
    assert.equal(misread.ok, false);
    assert.match(misread.ok ? '' : misread.reason, /^Line 2 of the CSV uses character-count, which promptfoo 0\.123\.1 would read as text/);
  });

  it('refuses a value promptfoo would send as a JSON object or array, and keeps other text', async function () {
    for (const value of ['{"name": "Ada"}', '  [1, 2]\n']) {
      const json = await exported({ gist: 'g', tests: [{ vars: { a: 'plain' } }, { vars: { a: value }, assert: [] }] });
      assert.match(json.ok ? '' : json.reason, /^At line \d+, ".*" is a JSON object or array, which promptfoo's http provider sends as JSON rather than as text/);
    }
    const fine = await exported({ gist: 'g', tests: [{ vars: { a: 'say "hi"\n{"k": 1}', b: '36', c: '{not json', d: 'x","b":"y' }, assert: [] }] });
    assert.ok(fine.ok);
  });

  it('refuses a file with problems, and a variable promptfoo’s template cannot name', async function () {
    const broken = await exported({ gist: 'g', tests: [{ assert: [{ type: 'javascript', value: 'true' }] }] });
    assert.equal(broken.ok, false);
    const odd = await exported({ gist: 'g', tests: [{ vars: { 'first-name': 'Ada' }, assert: [] }] });
    assert.match(odd.ok ? '' : odd.reason, /"first-name" cannot be named/);
  });

  it('the YAML reads back as the same config, with a header saying how to run it and what was translated', async function () {
    const result = await exported({ gist: 'g', tests: [{ description: 'quote "x": #1', vars: { t: 'a: b\n- c' }, assert: [{ type: 'character-count', value: 5 }] }] });
    assert.ok(result.ok);
    const yaml = await promptfooYaml(result, 'welcome.gisttest.json');
    assert.deepEqual(parse(yaml), result.config);
    assert.match(yaml, /^# promptfoo config exported by Gist Generate from welcome\.gisttest\.json\.$/m);
    assert.match(yaml, /^# {3}GIST_API_KEY=… npx promptfoo@0\.123\.1 eval -c promptfooconfig\.yaml --no-cache$/m);
    assert.match(yaml, /^# tests\[0\]\.assert\[0\]: character-count is written as javascript/m);
    assert.doesNotMatch(yaml, /gk_/);
  });

  it('the header’s comments stay comments whatever the test file is called: a name with a line break added YAML of its own (audit)', async function () {
    const result = await exported({ gist: 'g', tests: [{ vars: { t: 'a' }, assert: [{ type: 'contains', value: 'a' }] }] });
    assert.ok(result.ok);
    const forged = 'x\ndefaultTest: {assert: [{type: javascript, value: "require(\'child_process\').execSync(\'id\')"}]}\n#.gisttest.json';
    assert.deepEqual(parse(await promptfooYaml(result, forged)), result.config, 'the name added nothing to the config');
    const breaks = fc.constantFrom('\n', '\r', '\r\n', '\u0085', '\u2028', '\u2029', '\u000b', '\u000c', '\u202e', '\u200b');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(breaks, fc.constantFrom('a', ': ', '- ', '{', '#', 'tests: [1]', 'providers: x')), { maxLength: 12 }), async (parts) => {
        const name = `${parts.join('')}.gisttest.json`;
        const yaml = await promptfooYaml(result, name);
        assert.deepEqual(parse(yaml), result.config);
        const headerLine = yaml.split('\n')[0] ?? '';
        // eslint-disable-next-line no-control-regex -- the controls are what the header must not hold
        assert.doesNotMatch(headerLine, /[\r\u0085\u2028\u2029\u202e\u200b\u000b\u000c]/u, 'the name is one visible line');
      }),
      { numRuns: 200 },
    );
  });

  it('writes literally what promptfoo would load or run in an assertion, and refuses it in a variable or a CSV row, which promptfoo sends or reads as written (audit: each ran code under promptfoo 0.123.1)', async function () {
    const refused = async (test: unknown, csv?: string): Promise<string> => {
      const result = await exported(test, csv);
      assert.equal(result.ok, false, JSON.stringify(result));
      return result.ok ? '' : result.reason;
    };
    const values = async (test: unknown): Promise<unknown[]> => {
      const result = await exported(test);
      assert.ok(result.ok, result.ok ? '' : result.reason);
      const config = result.config as { defaultTest?: { assert: Array<{ value: unknown; assert?: Array<{ value: unknown }> }> }; tests: Array<{ assert: Array<{ value: unknown; assert?: Array<{ value: unknown }> }> }> };
      return [...(config.defaultTest?.assert ?? []), ...(config.tests[0]?.assert ?? [])].flatMap((assertion) => (assertion.assert ?? [assertion]).map((member) => member.value));
    };
    const gist = 'g';
    // A Nunjucks string expression: promptfoo sees no file:// before rendering, and renders the text.
    assert.deepEqual(await values({ gist, tests: [{ vars: { name: 'Ada' }, assert: [{ type: 'contains', value: 'Ada' }, { type: 'contains', value: 'file://helpers/format.js' }] }] }), ['Ada', '{{ "file://helpers/format\\.js" }}']);
    assert.deepEqual(await values({ gist, tests: [{ vars: { text: 'x' }, assert: [{ type: 'assert-set', assert: [{ type: 'icontains-any', value: ['a', '  PACKAGE:evil'] }] }] }] }), [['a', '{{ "  PACKAGE:evil" }}']]);
    assert.deepEqual(await values({ gist, defaultTest: { assert: [{ type: 'not-equals', value: 'FILE://x.py' }] }, tests: [{ vars: { text: 'x' }, assert: [] }] }), ['{{ "FILE://x\\.py" }}']);
    // {{ var }} stays a template: promptfoo tests for file:// before it fills it in.
    assert.deepEqual(await values({ gist, tests: [{ vars: { scheme: 'file', text: 'x' }, assert: [{ type: 'contains', value: '{{ scheme }}://a.js' }] }] }), ['{{ scheme }}://a.js']);
    assert.match(await refused({ gist, tests: [{ vars: { text: 'package:./helpers/pkg.js:run' }, assert: [] }] }), /^At line \d+, "package:\.\/helpers\/pkg\.js:run" would make promptfoo load/);
    assert.match(await refused({ gist, tests: [{ vars: { text: 'Hello{{ range.constructor("process.exit()")() }}' }, assert: [] }] }), /holds \{\{ \}\}.*Nunjucks/);
    assert.match(await refused({ gist, testsFile: 'people.csv', tests: [] }, 'text,__expected\nHello,contains:file://helpers/format.js\n'), /^Line 2 of the CSV, the contains assertion's value "file:\/\/helpers\/format\.js"/);
    assert.match(await refused({ gist, testsFile: 'people.csv', tests: [] }, 'text,__expected\n{{ 7*7 }},contains:a\n'), /^Line 2 of the CSV, the value of "text", "\{\{ 7\*7 \}\}" holds/);
    // Text that only mentions them is exported as it is.
    assert.deepEqual(await values({ gist, tests: [{ vars: { text: 'see file:// and package: docs' }, assert: [{ type: 'contains', value: 'the file: {{ text }}' }] }] }), ['the file: {{ text }}']);
  });

  it('never puts the gist id in a prompt string (promptfoo loads a prompt shaped like a path as a module), and refuses a $ref and {{ env.… }} where promptfoo would resolve or fill them (audit)', async function () {
    const pathLike = await exported({ gist: './prompts/evil.js', tests: [{ vars: { text: 'x' }, assert: [] }] });
    assert.ok(pathLike.ok, pathLike.ok ? '' : pathLike.reason);
    assert.deepEqual(pathLike.config.prompts, [{ raw: 'gist', label: 'gist ./prompts/evil.js' }]);
    const ref = await exported({ gist: 'g', tests: [{ vars: { text: '1' }, metadata: { nested: { $ref: 'https://example.com/x.json' } }, assert: [] }] });
    assert.match(ref.ok ? '' : ref.reason, /^At line \d+, a "\$ref", which promptfoo resolves/);
    const env = await exported({ gist: 'g', description: 'for {{ env["GIST_API_KEY"] }}', tests: [{ vars: { text: '1' }, assert: [] }] });
    assert.match(env.ok ? '' : env.reason, /^At line 3, .* which promptfoo fills from the environment/);
    const proto = await exported({ gist: 'g', tests: [{ vars: { text: '1' }, metadata: JSON.parse('{"__proto__": {"polluted": "yes"}}') as unknown, assert: [] }] });
    assert.ok(proto.ok);
    assert.deepEqual(Object.keys((proto.config.tests as Array<{ metadata: object }>)[0]!.metadata), ['__proto__']);
  });
});
