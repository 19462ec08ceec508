// The exported promptfoo config is inert under promptfoo for any test file: every string of it,
// read the way promptfoo 0.123.1 reads it, is what checks read (or the export refused the file,
// saying where). "The way promptfoo reads it" is the real Nunjucks at the version promptfoo
// 0.123.1 depends on (3.2.4), configured as its getNunjucksEngine (src/util/templates.ts), and
// ports of the steps around it: the env pass every string of a config gets when it is loaded
// (renderEnvOnlyInObject, src/util/render.ts), and what renderPrompt does to a variable
// (src/evaluatorHelpers.ts). `npm run test:interop` runs the real promptfoo on some of these.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import * as nunjucks from 'nunjucks';
import { promptfooConfig } from '../../../src/checks/promptfooExport';
import { loadTestFile } from '../../../src/checks/testFileLoad';
import { loadCheckLibraries } from '../../../src/expectations/checkLibraries';
import { fillTemplate } from '../../../src/expectations/valueTemplate';

const SECRET = 'gk_live_secret_of_the_user';
/** The environment promptfoo renders with (process.env); the key must never come out of it. */
const ENV = { GIST_API_KEY: SECRET, PATH: '/usr/bin' };

/** As getNunjucksEngine (src/util/templates.ts, promptfoo 0.123.1). */
function engine(): nunjucks.Environment {
  const env = nunjucks.configure({ autoescape: false, throwOnUndefined: false });
  env.addGlobal('env', ENV);
  env.addFilter('load', (text: string): unknown => JSON.parse(text));
  return env;
}

/** renderEnvOnlyInObject on a string (src/util/render.ts): what loading the config does to every string in it. */
function envPass(text: string): string {
  return text.replace(/\{\{(?:[^}]|\}(?!\}))*\}\}/g, (match) => {
    if (!/\benv\.|env\[/.test(match)) return match;
    const varMatch = /env\.(\w+)|env\[['"]([^'"]+)['"]\]/.exec(match);
    const name = varMatch?.[1] ?? varMatch?.[2];
    if (match.includes('|') || (name !== undefined && name in ENV)) {
      try {
        return engine().renderString(match, { env: ENV });
      } catch {
        return match;
      }
    }
    return match;
  });
}

/** What runAssertion compares with (src/assertions/index.ts): a string that starts with file:// or package: is loaded, any other rendered with the test's variables. */
function assertionValue(written: string, vars: Record<string, string>): string {
  const loaded = envPass(written);
  assert.ok(!loaded.startsWith('file://') && !loaded.startsWith('package:'), `promptfoo would load ${JSON.stringify(loaded)}`);
  return engine().renderString(loaded, vars);
}

/** What renderPrompt leaves of a variable for the http provider (src/evaluatorHelpers.ts), and that rendering it for the prompt is a no-op. */
function sentVariable(written: string): string {
  const loaded = envPass(written);
  assert.ok(!loaded.startsWith('file://') && !loaded.startsWith('package:'), `promptfoo would load the variable ${JSON.stringify(loaded)}`);
  const kept = loaded.replace(/\n$/, '');
  assert.equal(/\{\{\s*(\w+)\s*\}\}/.test(kept), false, 'resolveVariables would fill another variable into it');
  assert.equal(engine().renderString(kept, {}), kept, 'rendering it for the prompt would run a template');
  return kept;
}

const PIECES = ['{{', '}}', '{%', '%}', '{#', '#}', '{', '}', '{{ who }}', '{{who}}', 'env.GIST_API_KEY', 'env["GIST_API_KEY"]', 'env[', ' | ', '"', "'", '\\', '.', '[', '{% raw %}', '{% endraw %}', 'raw', 'endraw', 'file://', 'package:', './prompt.js', '*.py', '-', ' ', '\n', 'a', 'Ada', '｛｛', '｝', '{{ range.constructor("return 1")() }}'];
/** Mostly text that checks accept in an assertion (only {{ who }} as a template), sometimes anything. */
const CHECKS_PIECES = PIECES.filter((piece) => !/\{[%#]|range/.test(piece) && piece !== '{{');
const hostile = fc.oneof(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join('')), fc.string({ minLength: 1, maxLength: 12 }));

const checksText = fc.oneof({ weight: 4, arbitrary: fc.array(fc.constantFrom(...CHECKS_PIECES), { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join('')) }, { weight: 1, arbitrary: hostile });

describe('checks: the promptfoo export is inert under promptfoo (property)', function () {
  let dir: string;
  before(() => loadCheckLibraries());
  beforeEach(function () {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gist-promptfoo-inert-'));
  });
  afterEach(function () {
    rmSync(dir, { recursive: true, force: true });
  });

  it('every string of an exported config reads as checks read it, whatever the test file holds, or the export refuses with a line', async function () {
    this.timeout(60_000);
    let written = 0;
    await fc.assert(
      fc.asyncProperty(fc.record({ gist: fc.oneof(fc.constant('welcome'), hostile.filter((id) => id.trim() === id && [...id].every((character) => character >= ' ' && (character < '\u007f' || character > '\u009f')))), description: hostile, testDescription: hostile, text: checksText, value: checksText, item: checksText, metric: checksText, note: hostile, schemaText: hostile, flagged: hostile, defaultValue: checksText }), async (h) => {
        const vars = { text: h.text, who: 'Grace' };
        const schema = JSON.stringify({ type: 'string', description: h.schemaText });
        const flaggedSource = `(?i)${h.flagged.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}`;
        const content = {
          gist: h.gist,
          description: h.description,
          variants: ['formal', null],
          defaultTest: { assert: [{ type: 'not-contains', value: h.defaultValue }] },
          tests: [
            {
              description: h.testDescription,
              vars,
              metadata: { note: h.note },
              assert: [{ type: 'contains', value: h.value, metric: h.metric }, { type: 'contains-any', value: [h.item, 'x'] }, { type: 'is-json', value: schema }, { type: 'regex', value: flaggedSource }],
            },
          ],
        };
        const file = path.join(dir, 'welcome.gisttest.json');
        const text = JSON.stringify(content, null, 2);
        writeFileSync(file, text);
        const loaded = await loadTestFile(file, { root: dir });
        const result = promptfooConfig({ loaded, text, variants: ['formal', null], baseUrl: 'https://gists.example.com', apiKeyHeader: 'SERVICE-API-KEY', testFileName: 'welcome.gisttest.json' });
        if (!result.ok) {
          assert.match(result.reason, /\bline \d+|has problems|change the gist id/i, result.reason);
          return;
        }
        const filled = (raw: string): string => {
          const checks = fillTemplate(raw, vars);
          assert.ok(checks.ok);
          return checks.text;
        };
        const config = result.config as {
          description: string;
          prompts: unknown[];
          providers: Array<{ label: string; config: { url: string } }>;
          defaultTest: { assert: Array<{ value: string }> };
          tests: Array<{ description: string; vars: Record<string, string>; metadata: { note: string }; assert: Array<{ type: string; value: string | string[]; metric?: string }> }>;
        };
        written += 1;
        assert.equal(envPass(config.description), h.description);
        for (const prompt of config.prompts) {
          // A string prompt shaped like a path is loaded as a file or module (processPrompts).
          assert.ok(typeof prompt === 'object' && prompt !== null, `prompt ${JSON.stringify(prompt)} is a string`);
          const { raw, label } = prompt as { raw: string; label: string };
          assert.equal(engine().renderString(envPass(raw), {}), raw);
          assert.equal(envPass(label), label);
          assert.ok(!label.includes(SECRET));
        }
        for (const provider of config.providers) {
          assert.equal(engine().renderString(envPass(provider.config.url), vars), provider.config.url);
          assert.equal(envPass(provider.label), provider.label);
        }
        assert.equal(assertionValue(config.defaultTest.assert[0]!.value, vars), filled(h.defaultValue));
        const test = config.tests[0]!;
        assert.equal(envPass(test.description), h.testDescription);
        assert.equal(envPass(test.metadata.note), h.note);
        assert.equal(sentVariable(test.vars.text!), h.text);
        const [contains, any, isJson, regex] = test.assert;
        assert.equal(assertionValue(contains!.value as string, vars), filled(h.value));
        assert.equal(assertionValue(contains!.metric!, vars), filled(h.metric));
        assert.deepEqual((any!.value as string[]).map((item) => assertionValue(item, vars)), [filled(h.item), 'x']);
        assert.equal(assertionValue(isJson!.value as string, vars), schema);
        // The (?i) regex becomes javascript: its code, rendered, is the code that was meant.
        assert.equal(regex!.type, 'javascript');
        assert.equal(assertionValue(regex!.value as string, vars), `new RegExp(${JSON.stringify(flaggedSource.slice(4))}, "i").test(output)`);
      }),
      { numRuns: 300 },
    );
    // Not vacuous: most hostile files are exported (a refusal is only for what cannot be written).
    assert.ok(written > 60, `only ${written} of 300 test files were exported`);
  });
});
