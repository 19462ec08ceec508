// gist-check prints outside text (test names, variants, reasons, the service's errors, and the
// names of the files it found) to a terminal, into JUnit XML and as GitHub workflow commands: no
// character that drives a terminal (ESC), shows nothing (U+200B, tags) or reorders the line
// (U+202E, U+200F, U+061C) reaches any of them as it is. A workflow command's `file=` keeps the
// real path (GitHub places the annotation by it), with only its control characters escaped.
import { strict as assert } from 'node:assert';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { plain } from '../../../src/cli/cellRecord';
import { EXIT_COULD_NOT_RUN } from '../../../src/cli/checkCommand';
import { isInvisible } from '../../../src/shared/invisibles';
import { useCliFixture } from './cliFixture';

/** What an attacker writes into a test file's name, a description or a variant slug. */
const HIDDEN = ['\u001b[2J', '\u001b]8;;http://e/\u0007', '\u202e', '\u200b', '\u200e', '\u200f', '\u061c', '\u{e0041}', '\u{e007f}', '\u2066', '\ufeff', '\u0085', '\u2028', '\u009b'];
const hostile = fc.array(fc.oneof(fc.constantFrom(...HIDDEN, 'a', ' ', '\n', '\t', '$(bug)', '%', ':', ','), fc.string({ unit: 'binary', maxLength: 3 })), { maxLength: 12 }).map((parts) => parts.join(''));

/** The first character of `text` that a terminal, a log or a reader would not show as itself, if any. */
function firstHidden(text: string): string | undefined {
  let previous: string | undefined;
  for (const char of text) {
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f-\u009f]/.test(char) || isInvisible(char, previous)) return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()} in ${JSON.stringify(text)}`;
    previous = char;
  }
  return undefined;
}

function assertShown(output: string): void {
  for (const line of output.split('\n')) {
    const hidden = firstHidden(line);
    assert.equal(hidden, undefined, hidden);
  }
}

describe('gist-check with hostile names', function () {
  const cli = useCliFixture('gist-check-names-');

  it('plain text for a report shows every character that would hide, reorder or drive the terminal, on one line (property)', function () {
    fc.assert(
      fc.property(hostile, (text) => {
        const shown = plain(text);
        assert.equal(firstHidden(shown), undefined, firstHidden(shown));
        assert.ok(!shown.includes('\n'));
      }),
      { numRuns: 2000 },
    );
    assert.equal(plain('a\u200bb\u{e0041}'), 'a⟨U+200B⟩b⟨U+E0041⟩');
    assert.equal(plain('line\none\u001b'), 'line\\none\\u001b', 'control characters are escaped as before');
  });

  it('a test file named with ESC and bidi characters: its problem line, the annotation and the terminal show the name escaped; file= keeps the real path', async function () {
    const name = 'evil\u001b[2J\u202e\u200b.gisttest.json';
    writeFileSync(path.join(cli.folder, name), JSON.stringify({ gist: 'echo', tests: [{ vars: { text: '${clipboard}' }, assert: [{ type: 'contains', value: 'x' }] }] }));
    const ran = await cli.gistCheck([name, '--base-url', cli.service.url], { GITHUB_ACTIONS: 'true' });
    assert.equal(ran.code, EXIT_COULD_NOT_RUN, ran.stdout + ran.stderr);
    assertShown(ran.stderr);
    assert.match(ran.stderr, /evil\\u001b\[2J\\u202e⟨U\+200B⟩\.gisttest\.json:\d+:\d+: /);
    const annotation = ran.stdout.split('\n').find((line) => line.startsWith('::error '));
    assert.ok(annotation, ran.stdout);
    // The path as it is, but for its control characters (ESC, the override), which no path of a repository should need.
    assert.ok(annotation.startsWith('::error file=evil\\u001b[2J\\u202e\u200b.gisttest.json,line='), annotation);
  });

  it('a test file that runs: every terminal line, annotation title and message, and the JUnit XML show hostile names escaped', async function () {
    const name = 'run\u001b[31m\u200f.gisttest.json';
    const variant = 'v\u202e\u{e0041}';
    writeFileSync(path.join(cli.folder, name), JSON.stringify({ gist: 'echo', variants: ['plain', variant], tests: [{ description: 'd\u200b\u001b[1m', vars: { text: 'Hello' }, assert: [{ type: 'contains', value: 'Bye' }] }] }));
    const ran = await cli.gistCheck([name, '--base-url', cli.service.url, '--junit', 'checks.xml'], { GITHUB_ACTIONS: 'true' });
    // plain fails its assertion; the service knows no such variant, so that cell could not run.
    assert.equal(ran.code, EXIT_COULD_NOT_RUN, ran.stdout + ran.stderr);
    assertShown(ran.stderr);
    for (const line of ran.stdout.split('\n')) {
      // An annotation's file= is the real path (its control characters escaped): checked apart.
      assertShown(line.replace(/^(::error file=)[^,]*/, '$1'));
      // eslint-disable-next-line no-control-regex
      assert.doesNotMatch(/^::error file=([^,]*)/.exec(line)?.[1] ?? '', /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    }
    assert.match(ran.stdout, /^✗ run\\u001b\[31m⟨U\+200F⟩\.gisttest\.json:\d+ d⟨U\+200B⟩\\u001b\[1m › plain /m);
    assert.match(ran.stdout, /^! run\\u001b\[31m⟨U\+200F⟩\.gisttest\.json:\d+ d⟨U\+200B⟩\\u001b\[1m › v\\u202e⟨U\+E0041⟩: could not run/m);
    assert.match(ran.stdout, /^ {2}run\\u001b\[31m⟨U\+200F⟩\.gisttest\.json › v\\u202e⟨U\+E0041⟩: 0 of 1 passed/m);
    const xml = readFileSync(path.join(cli.folder, 'checks.xml'), 'utf8');
    // No test case carries the real path in a file attribute (Jenkins' JUnit schema has none): every name in the XML is shown escaped.
    assert.doesNotMatch(xml, / file="/);
    const hidden = firstHidden(xml.replace(/\n/g, ' '));
    assert.equal(hidden, undefined, hidden);
  });

  it('a results file that cannot be created: the error, which quotes its path (named after the test file), is shown escaped on one line (audit)', async function () {
    const base = 'evil\u001b[2J\u202e\n::error title=forged::All checks passed';
    writeFileSync(path.join(cli.folder, `${base}.gisttest.json`), JSON.stringify({ gist: 'echo', tests: [{ vars: { text: 'Hello' }, assert: [{ type: 'contains', value: 'Hello' }] }] }));
    // A folder where the results file would go: creating it fails with Node's error, which quotes the path.
    mkdirSync(path.join(cli.folder, 'out', `${base}.gistrun.jsonl`), { recursive: true });
    const ran = await cli.gistCheck(['--base-url', cli.service.url, '--results', 'out/'], { GITHUB_ACTIONS: 'true' });
    assert.equal(ran.code, EXIT_COULD_NOT_RUN, ran.stdout + ran.stderr);
    assertShown(ran.stderr);
    assertShown(ran.stdout);
    assert.doesNotMatch(`${ran.stdout}\n${ran.stderr}`, /^::error title=forged/m, 'no workflow command of the file name’s making');
    assert.match(ran.stderr, /EISDIR|is a folder/);
  });
});
