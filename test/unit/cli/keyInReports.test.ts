// gist-check writes outside text to five sinks, each with a format of its own: the terminal (and
// its annotations, percent-encoded), JUnit XML (entities), the step summary (Markdown's `\_`), and
// the results file (JSON). The key is taken out before any of them escapes, wraps, cuts or quotes
// it, whatever form it came in: written in the test file (its description, values and
// assertions), or sent back by the service with a line break inside. Each output is searched for
// any eight characters of the key, as written and once the sinks' escapes are undone and the
// line breaks and spaces taken out (issue 46).
import { strict as assert } from 'node:assert';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import type { CellRecord } from '../../../src/cli/cellRecord';
import { consoleLines, consoleText } from '../../../src/cli/consoleLines';
import { annotationsOf, commandLine, stepSummary, workflowCommand } from '../../../src/cli/githubActions';
import { junitXml } from '../../../src/cli/junitReport';
import type { ResultsLine } from '../../../src/runs/resultsFormat';
import { lineText } from '../../../src/runs/resultsText';
import { useCliFixture } from './cliFixture';

const DEMO_KEY = 'gk_demo_ada';

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text with one layer of every sink's escapes undone: JSON and JavaScript, percent, XML and HTML entities, Markdown's backslashes. */
function decodedOnce(text: string): string {
  return text
    .replace(/\\+u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/\\+x([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/\\+n/g, '\n')
    .replace(/\\+r/g, '\r')
    .replace(/\\+t/g, '\t')
    .replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-fA-F]+);?/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => NAMED[name] ?? '')
    .replace(/⟨U\+([0-9A-F]{4,6})⟩/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/\\+([^\w\s]|_)/g, '$1');
}

/** What a reader could take the key from: the text, its escapes undone again and again, and each of those without spaces, line breaks and invisible characters. */
function readings(text: string): string[] {
  const found = [text];
  let current = text;
  for (let round = 0; round < 4; round++) {
    current = decodedOnce(current);
    found.push(current);
  }
  return [...found, ...found.map((one) => one.replace(/[\s\p{Cc}\p{Cf}]+/gu, ''))];
}

function assertNothingOfKey(where: string, text: string, key: string): void {
  const pieces = Array.from({ length: key.length - 7 }, (_, start) => key.slice(start, start + 8));
  for (const reading of readings(text)) {
    const piece = pieces.find((eight) => reading.includes(eight));
    assert.equal(piece, undefined, `${JSON.stringify(piece)} of the key in ${where}: ${JSON.stringify(text.slice(Math.max(0, text.indexOf(piece ?? '') - 200), text.indexOf(piece ?? '') + 200))}`);
  }
}

/** The key broken as a service or an editor breaks it, and in the forms a sink writes. */
function brokenForms(key: string): string[] {
  return [key, `${key.slice(0, 4)}\n${key.slice(4)}`, `${key.slice(0, 2)}\r\n${key.slice(2, 7)}\u200b${key.slice(7)}`, `${key.slice(0, 6)} ${key.slice(6)}`, JSON.stringify(key).slice(1, -1)];
}

/** A key with every character a sink escapes: XML's `<&"'>`, a workflow command's `%:,`, Markdown's `_\\*`, JSON's `"\\`. */
const AWKWARD_KEY = 'gk_<&"\'>%:,\\*_key9';

function recordHolding(text: string): CellRecord {
  return {
    file: `checks/${text}.gisttest.json`,
    test: text,
    variant: text,
    sample: 1,
    samples: 1,
    verdict: 'failed',
    latencyMs: 3,
    callId: text,
    at: { file: `checks/${text}.gisttest.json`, line: 2 },
    failures: [{ file: `checks/${text}.gisttest.json`, line: 3, type: 'equals', reason: text, expected: text, actual: text }],
    reason: text,
    error: undefined,
  };
}

/** The key as another writer escaped it before it reached us (a service quoting it in Markdown, XML or a workflow command). */
function escapedForms(key: string): string[] {
  return [
    key.replace(/[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g, (char) => `\\${char}`),
    key.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;'),
    key.replace(/%/g, '%25').replace(/:/g, '%3A').replace(/,/g, '%2C'),
  ];
}

describe('gist-check’s report writers redact what they write, in the form they write it', function () {
  for (const form of [...brokenForms(AWKWARD_KEY), ...escapedForms(AWKWARD_KEY)]) {
    it(`the key as ${JSON.stringify(form)}: the terminal, annotations, JUnit XML, step summary and results file hold nothing of it`, async function () {
      const text = `before ${form} after`;
      const record = recordHolding(text);
      let terminal = '';
      const lines = consoleLines({ out: (line) => (terminal += line), err: (line) => (terminal += line) }, [AWKWARD_KEY]);
      lines.out(text);
      lines.err(text);
      lines.out(workflowCommand('error', { file: text, line: 1, title: text }, text));
      for (const annotation of annotationsOf(record)) lines.out(annotation);
      assertNothingOfKey('the terminal', `${terminal}\n${consoleText(text, [AWKWARD_KEY])}`, AWKWARD_KEY);
      assertNothingOfKey('the JUnit XML', await junitXml([{ file: text, cells: [record, { ...record, verdict: 'errored', error: { kind: 'service', message: text } }], seconds: 1, startedAt: new Date(0) }], [AWKWARD_KEY]), AWKWARD_KEY);
      assertNothingOfKey('the step summary', stepSummary([{ file: text, cells: [record], variants: [{ variant: text, tally: { passed: 0, failed: 1, errored: 0 } }] }], { passed: 0, failed: 1, errored: 0 }, 1, [AWKWARD_KEY]), AWKWARD_KEY);
      const result = { type: 'result', row: 0, line: 1, values: { [text]: text }, variant: text, sample: 1, callId: text, content: text, length: text.length, error: { kind: 'service', message: text }, attempts: 1, latencyMs: 1, finishedAt: new Date(0).toISOString() } as unknown as ResultsLine;
      assertNothingOfKey('the results file', lineText(result, [AWKWARD_KEY]), AWKWARD_KEY);
    });
  }
});

describe('gist-check’s report writers and any key (property)', function () {
  it('any key validateApiKey accepts, in any of those forms amid any text, reaches none of the writers’ outputs', async function () {
    this.timeout(60_000);
    const visibleAscii = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)), minLength: 8, maxLength: 16 });
    await fc.assert(
      fc.asyncProperty(visibleAscii, fc.nat(), fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), async (key, pick, before, after) => {
        const forms = [...brokenForms(key), ...escapedForms(key)];
        const text = `${before} ${forms[pick % forms.length] ?? key} ${after}`;
        const record = recordHolding(text);
        const outputs = {
          'the terminal': consoleText(text, [key]),
          'an annotation': commandLine(workflowCommand('error', { file: text, line: 1, title: text }, text), [key]),
          'the JUnit XML': await junitXml([{ file: text, cells: [record], seconds: 1, startedAt: new Date(0) }], [key]),
          'the step summary': stepSummary([{ file: text, cells: [record], variants: [{ variant: text, tally: { passed: 0, failed: 1, errored: 0 } }] }], { passed: 0, failed: 1, errored: 0 }, 1, [key]),
        };
        for (const [where, output] of Object.entries(outputs)) assertNothingOfKey(where, output, key);
      }),
      { numRuns: 500 },
    );
  });
});

describe('gist-check: the key in every sink, in every form', function () {
  const cli = useCliFixture('gist-check-key-');

  /** Runs `file` with every sink on and returns each sink's text. */
  async function sinks(test: unknown): Promise<Record<string, string>> {
    writeFileSync(path.join(cli.folder, 'k.gisttest.json'), JSON.stringify(test));
    const summary = path.join(cli.folder, 'summary.md');
    writeFileSync(summary, '');
    const ran = await cli.gistCheck(['k.gisttest.json', '--base-url', cli.service.url, '--junit', 'checks.xml', '--results', 'out', '--max-retries', '0'], { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary });
    const results = readdirSync(path.join(cli.folder, 'out')).map((name) => readFileSync(path.join(cli.folder, 'out', name), 'utf8'));
    assert.ok(ran.stdout.includes('::error file='), `the annotations are written: ${ran.stdout}`);
    return { stdout: ran.stdout, stderr: ran.stderr, 'the JUnit XML': readFileSync(path.join(cli.folder, 'checks.xml'), 'utf8'), 'the step summary': readFileSync(summary, 'utf8'), 'the results file': results.join('\n') };
  }

  it('the key written in a test file’s description, values and assertions, and echoed back broken by a line break, reaches no sink', async function () {
    const forms = brokenForms(DEMO_KEY);
    const outputs = await sinks({
      gist: 'echo',
      tests: forms.map((form) => ({ description: `about ${form}`, vars: { text: `out ${form} put` }, assert: [{ type: 'equals', value: `want ${form}` }, { type: 'contains', value: form }, { type: 'regex', value: `^${form}$` }] })),
    });
    for (const [where, text] of Object.entries(outputs)) assertNothingOfKey(where, text, DEMO_KEY);
  });

  it('an argument error quoting the key (in any of its forms) shows nothing of it: the key is known from the first line on', async function () {
    for (const form of brokenForms(DEMO_KEY)) {
      for (const argv of [[`--concurrency=${form}`], [`--${form}`], ['--pass-rate', form]]) {
        const ran = await cli.gistCheck([...argv, '--base-url', cli.service.url]);
        assert.match(ran.stderr, /^gist-check: /);
        assertNothingOfKey(`the error for ${JSON.stringify(argv)}`, ran.stdout + ran.stderr, DEMO_KEY);
      }
    }
  });

  it('the key in the service’s error text, with a line break, a Markdown or an XML escape inside, reaches no sink', async function () {
    const forms = [...brokenForms(DEMO_KEY), 'gk\\_demo\\_ada', 'gk_demo&#10;_ada', 'gk_d%0Aemo_ada'];
    cli.service.injectFaults({ path: '/v1/generate', kind: 'status', status: 400, error: `refused: ${forms.join(' | ')}` }, 1);
    const outputs = await sinks({ gist: 'echo', tests: [{ description: 'd', vars: { text: 'x' }, assert: [{ type: 'equals', value: 'x' }] }] });
    for (const [where, text] of Object.entries(outputs)) assertNothingOfKey(where, text, DEMO_KEY);
  });
});
