// Every line gist-check prints is read by GitHub's Actions runner, which obeys `::command::` at a
// line's start and the legacy `##[command]` anywhere in a line (forged annotations, add-mask,
// stop-commands that silence our own annotations), and by a terminal, which obeys escape
// sequences. Whatever a test file, the service or an argument says, the only commands in
// gist-check's output are its own annotations (built by workflowCommand, read back as built), and
// no ESC, C1 control or bidirectional character reaches the output raw. Checked with a port of the
// runner's parser (actionsRunner.ts).
import { strict as assert } from 'node:assert';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { EXIT_COULD_NOT_RUN } from '../../../src/cli/checkCommand';
import { consoleText } from '../../../src/cli/consoleLines';
import { runnerCommands, type RunnerCommand } from './actionsRunner';
import { useCliFixture } from './cliFixture';

/** What an attacker writes where gist-check will quote it. */
const COMMANDS = ['##[error]forged', '##[add-mask]secret', '##[stop-commands]tok', '::stop-commands::tok', '::error file=x.js,line=1::forged', '::add-mask::m', '#\u200b#[warning]w', '#\ufe0f#[error]e', ':\u00ad:notice::n', '\u200b::debug::d', ' ::group::g', '##[set-env name=A]b', '::echo::on', 'tok'];
const TERMINAL = ['\u001b]8;;http://evil.example/\u0007link\u001b]8;;\u0007', '\u001b[2J', '\u009b31m', '\u202e', '\u2066', '\u0085', '\r', '\n', '\r\n'];
const hostile = fc.array(fc.oneof(fc.constantFrom(...COMMANDS, ...TERMINAL, ' ', ':', '#', '[', ']', '%0A', ','), fc.string({ maxLength: 3 })), { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));

/** The commands in `output` that gist-check did not mean: anything but an `::error file=…` annotation of its own making. */
function forged(output: string, github: boolean): RunnerCommand[] {
  return runnerCommands(output).filter((command) => !(github && command.command === 'error' && command.line.startsWith('::error file=') && Object.keys(command.properties).every((name) => ['file', 'line', 'col', 'title'].includes(name))));
}

/** ESC, the C1 controls (CSI U+009B, NEL U+0085) and the bidirectional overrides and isolates: never raw on a terminal. */
// eslint-disable-next-line no-control-regex
const DRIVES_TERMINAL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function assertInert(output: string, github: boolean): void {
  assert.deepEqual(forged(output, github), [], output);
  for (const line of output.split('\n')) {
    // An annotation's file= keeps the path as it is but for its control characters (checked in hostileNames.test.ts).
    assert.doesNotMatch(line.replace(/^(::error file=)[^,]*/, '$1'), DRIVES_TERMINAL, JSON.stringify(line));
  }
}

describe('gist-check output under the Actions runner and a terminal', function () {
  const cli = useCliFixture('gist-check-runner-');

  it('the port reads commands as the runner does (its L0 tests and @actions/core’s escaping)', function () {
    assert.deepEqual(
      runnerCommands('##[stop-commands]stopToken\n##[set-env name=foo]bar\n##[stopToken]\n##[set-env name=foo]bar').map((command) => command.command),
      ['stop-commands', 'stopToken', 'set-env'],
      'while stopped nothing but the token is obeyed (ActionCommandManagerL0)',
    );
    assert.deepEqual(runnerCommands('  ::error file=a%2Cb%3Ac.js,line=3,title=t%0Ax::m%25%0Ab'), [{ command: 'error', properties: { file: 'a,b:c.js', line: '3', title: 't\nx' }, data: 'm%\nb', line: '  ::error file=a%2Cb%3Ac.js,line=3,title=t%0Ax::m%25%0Ab' }]);
    assert.equal(runnerCommands('text before ##[warning file=a.js;line=2]w').length, 1, 'the legacy form anywhere in a line');
    assert.equal(runnerCommands('text ::error::x').length, 0, '::command:: only at the start');
    assert.equal(runnerCommands('x\r::add-mask::y').length, 1, 'a CR ends a line');
  });

  it('the writer’s text never gives the runner a command and never drives a terminal, whatever it holds (property)', function () {
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string({ unit: 'binary', maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 30 })), (text) => {
        const shown = consoleText(text, []);
        assertInert(shown, false);
        assert.equal(shown.split('\n').length, text.split('\n').length, 'a line of text for each line it had, CR and other breaks escaped');
      }),
      { numRuns: 5000 },
    );
    assert.equal(consoleText('a ##[error]x', []), 'a #\\#[error]x', 'the legacy prefix broken by a backslash');
    assert.equal(consoleText('  ::add-mask::m', []), '  \\::add-mask::m');
  });

  it('an argument with escape sequences or a command is shown escaped, one line, with no command (property)', async function () {
    this.timeout(60_000);
    await fc.assert(
      fc.asyncProperty(hostile, fc.constantFrom('--concurrency', '--pass-rate', '--'), fc.boolean(), async (text, option, github) => {
        const argv = option === '--' ? [`--${text}`, '--base-url', cli.service.url] : [`${option}=${text}`, '--base-url', cli.service.url];
        const ran = await cli.gistCheck(argv, github ? { GITHUB_ACTIONS: 'true' } : {});
        assert.equal(ran.code, EXIT_COULD_NOT_RUN);
        assertInert(ran.stdout + ran.stderr, github);
      }),
      { numRuns: 150, examples: [['\u001b]8;;http://evil.example/\u0007x', '--concurrency', false], ['##[error]forged', '--', true]] },
    );
  });

  it('a failure reason quoting the output, a test’s description and file name, and the service’s error text give the runner no command (property)', async function () {
    this.timeout(120_000);
    await fc.assert(
      fc.asyncProperty(hostile, fc.boolean(), async (text, github) => {
        // The test file is named after the text too (a name holds any character but `/` and NUL), and found by the default glob.
        // The assertion's value is no template (`{#` in it would be a problem of the file): its failure quotes the output, the text.
        for (const old of readdirSync(cli.folder)) rmSync(path.join(cli.folder, old), { recursive: true });
        // eslint-disable-next-line no-control-regex
        const name = `a${text.replace(/[/\u0000]/g, '_')}.gisttest.json`;
        writeFileSync(path.join(cli.folder, name), JSON.stringify({ gist: 'echo', tests: [{ description: `t${text}`, vars: { text }, assert: [{ type: 'equals', value: '\u0001' }] }] }));
        const failed = await cli.gistCheck(['--base-url', cli.service.url, '--max-retries', '0'], github ? { GITHUB_ACTIONS: 'true' } : {});
        assert.match(failed.stdout, /^✗ /m, failed.stdout + failed.stderr);
        assertInert(failed.stdout + failed.stderr, github);
        cli.service.injectFaults({ kind: 'status', status: 400, error: text });
        const errored = await cli.gistCheck(['--base-url', cli.service.url, '--max-retries', '0'], github ? { GITHUB_ACTIONS: 'true' } : {});
        cli.service.clearFaults();
        assert.equal(errored.code, EXIT_COULD_NOT_RUN, errored.stdout + errored.stderr);
        assertInert(errored.stdout + errored.stderr, github);
      }),
      { numRuns: 40, examples: [['##[error]forged', false], ['x ::stop-commands::tok\n::error::late', true], ['#\ufe0f#[add-mask]m', true], ['{##[error]forged', false]] },
    );
  });
});
