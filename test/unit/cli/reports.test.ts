// gist-check's reports hold outside text (reasons quoting the output, test names, the service's
// errors): JUnit XML stays well-formed whatever it holds, a GitHub workflow command stays one
// command, and the step summary renders no HTML, link or image from it.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import MarkdownIt from 'markdown-it';
import type { CellRecord } from '../../../src/cli/cellRecord';
import { plain } from '../../../src/cli/cellRecord';
import { annotationsOf, commandLine, stepSummary, workflowCommand } from '../../../src/cli/githubActions';
import { junitXml } from '../../../src/cli/junitReport';
import { escapeControl, unhiddenLine } from '../../../src/shared/oneLine';
import { runnerCommands } from './actionsRunner';

const HOSTILE = 'a\u0000b ]]> <script>alert(1)</script> & "q" \u202eevil\u0007 [x](command:run) ![i](http://e/x.png) <img src=x onerror=alert(1)>';

function record(verdict: CellRecord['verdict'], text: string): CellRecord {
  return {
    file: 'checks/a.gisttest.json',
    test: plain(text),
    variant: 'formal',
    sample: 1,
    samples: 1,
    verdict,
    latencyMs: 12.3,
    callId: 'id1',
    at: { file: 'checks/a.gisttest.json', line: 3 },
    failures: verdict === 'failed' ? [{ file: 'checks/a.gisttest.json', line: 5, type: 'equals', reason: plain(text), expected: text, actual: `${text}!` }] : [],
    reason: verdict === 'failed' ? plain(text) : undefined,
    error: verdict === 'errored' ? { kind: 'service', message: plain(text), status: 500 } : undefined,
  };
}

describe('gist-check reports with hostile text', () => {
  it('JUnit XML stays well-formed and reads back with the counts and messages', async () => {
    const xml = await junitXml([{ file: 'checks/a.gisttest.json', seconds: 1.2345, startedAt: new Date(0), cells: [record('passed', HOSTILE), record('failed', HOSTILE), record('errored', HOSTILE)] }], []);
    assert.equal(XMLValidator.validate(xml), true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as { testsuites: { tests: string; failures: string; errors: string; testsuite: { testcase: Array<{ failure?: { message: string }; error?: { type: string } }> } } };
    assert.deepEqual([parsed.testsuites.tests, parsed.testsuites.failures, parsed.testsuites.errors], ['3', '1', '1']);
    const [, failed, errored] = parsed.testsuites.testsuite.testcase;
    assert.match(failed?.failure?.message ?? '', /^equals: a\\u0000b \]\]> <script>/);
    assert.equal(errored?.error?.type, 'service');
    assert.ok(![0x00, 0x07, 0x202e].some((code) => xml.includes(String.fromCharCode(code))), "no control or bidi character reaches the XML");
  });

  it('a workflow command is one line whatever its message and properties hold, and the runner reads back what was built', () => {
    const command = commandLine(workflowCommand('error', { file: 'a,b:c.json', line: 3, title: 'x\n::add-mask::y' }, 'line one\r\n::set-output name=x::y 100%'));
    assert.equal(command, '::error file=a%2Cb%3Ac.json,line=3,title=x\\n%3A%3Aadd-mask%3A%3Ay::line one\\r\\n::set-output name=x::y 100%25');
    assert.deepEqual(runnerCommands(command), [{ command: 'error', properties: { file: 'a,b:c.json', line: '3', title: 'x\\n::add-mask::y' }, data: 'line one\\r\\n::set-output name=x::y 100%', line: command }]);
    for (const annotation of [...annotationsOf(record('failed', `x\n::warning::y`)), ...annotationsOf(record('errored', 'z\r\n::error::w'))]) {
      assert.equal(runnerCommands(commandLine(annotation)).length, 1, commandLine(annotation));
    }
  });

  it('a workflow command reads back through the runner’s parser as built: its data and properties unescaped, nothing hidden (property)', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    fc.assert(
      fc.property(text, text, text, fc.nat(), (file, title, message, line) => {
        const command = commandLine(workflowCommand('error', { file, line, title }, message));
        const read = runnerCommands(command);
        assert.equal(read.length, 1, command);
        const [only] = read;
        // The runner drops a property with an empty value, the '=' signs that start one, and trims the last property's end.
        const expected: Record<string, string> = {};
        for (const [name, value] of [['file', escapeControl(file)], ['line', String(line)], ['title', unhiddenLine(title)]] as const) {
          const kept = (name === 'title' ? value.replace(/[\s\u0085]+$/, '') : value).replace(/^=+/, '');
          if (kept !== '') expected[name] = kept;
        }
        assert.deepEqual(only?.properties, expected);
        assert.equal(only?.data, unhiddenLine(message));
      }),
      { numRuns: 3000 },
    );
  });

  it('the step summary renders outside text as text: no HTML, link or image', () => {
    const summary = stepSummary([{ file: 'checks/<b>a</b>.gisttest.json', cells: [record('failed', HOSTILE), record('errored', HOSTILE)], variants: [{ variant: '<i>formal</i>', tally: { passed: 0, failed: 1, errored: 1 } }] }], { passed: 0, failed: 1, errored: 1 }, 0.9, []);
    const html = new MarkdownIt({ html: true, linkify: true }).render(summary);
    assert.doesNotMatch(html, /<(script|img|b|i)\b|<a /);
    assert.match(html, /&lt;script&gt;/);
  });
});
