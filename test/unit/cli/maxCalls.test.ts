// gist-check counts a run's calls (tests × variants × samples, every file together) before it sends
// any, and refuses a run over --max-calls (default DEFAULT_MAX_CALLS) with the count, the limit and
// the flag, as it refuses bad arguments (exit 2). Within every per-file cap a test file orders 32
// million calls: such a run must end at once, not start. Run in-process against the local service.
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { EXIT_COULD_NOT_RUN, EXIT_PASSED } from '../../../src/cli/checkCommand';
import { parseCheckArgs } from '../../../src/cli/cliArgs';
import { DEFAULT_MAX_CALLS, MAX_RUN_CALLS } from '../../../src/shared/limits';
import { useCliFixture } from './cliFixture';

/** The echo gist has one variant, plain; Automatic (null) is a second; the others are names the service does not know. */
function testFile(tests: number, variants: number, repeat: number, extra: readonly unknown[] = []): string {
  return JSON.stringify({
    gist: 'echo',
    variants: ['plain', null, ...Array.from({ length: variants - 2 }, (_, index) => `v${index}`)].slice(0, variants),
    repeat,
    tests: [...Array.from({ length: tests }, (_, index) => ({ vars: { text: `t${index}` }, assert: [{ type: 'contains', value: 't' }] })), ...extra],
  });
}

describe('gist-check --max-calls: a run over the limit is refused before any call', function () {
  this.timeout(60_000);
  const cli = useCliFixture('gist-check-max-calls-');

  it('takes --max-calls from 1 to MAX_RUN_CALLS, DEFAULT_MAX_CALLS when not given, and refuses anything else as a usage error', function () {
    const args = (argv: string[]) => parseCheckArgs(argv, {});
    const given = args(['--max-calls', '12']);
    assert.equal(given.kind === 'run' && given.args.maxCalls, 12);
    const unset = args([]);
    assert.equal(unset.kind === 'run' && unset.args.maxCalls, DEFAULT_MAX_CALLS);
    for (const bad of ['0', '-3', '2.5', 'many', '', String(MAX_RUN_CALLS + 1)]) {
      const parsed = args([`--max-calls=${bad}`]);
      assert.equal(parsed.kind, 'error', bad);
      assert.match(parsed.kind === 'error' ? parsed.message : '', /^--max-calls takes a whole number from 1 to 1000000/);
    }
  });

  it('refuses 3 tests × 2 variants × 5 samples (30 calls) over --max-calls 29, runs them at 30; the llm-rubric test (not run here) is not counted', async function () {
    const rubric = { description: 'graded by a model', vars: { text: 'x' }, assert: [{ type: 'llm-rubric', value: 'Is polite' }] };
    writeFileSync(path.join(cli.folder, 'small.gisttest.json'), testFile(3, 2, 5, [rubric]));
    const before = cli.service.calls().length;
    const refused = await cli.gistCheck(['small.gisttest.json', '--base-url', cli.service.url, '--max-calls', '29']);
    assert.equal(refused.code, EXIT_COULD_NOT_RUN, refused.stderr + refused.stdout);
    assert.equal(cli.service.calls().length, before, 'no call');
    assert.equal(refused.stdout, '', 'nothing reported: nothing ran');
    assert.equal(
      refused.stderr,
      'gist-check: this run would make 30 calls (small.gisttest.json: 3 tests × 2 variants × 5 samples), more than --max-calls allows (29): nothing was run. Run fewer tests, variants or samples, or raise the limit with --max-calls 30.\n',
    );
    const ran = await cli.gistCheck(['small.gisttest.json', '--base-url', cli.service.url, '--max-calls', '30']);
    assert.equal(ran.code, EXIT_PASSED, ran.stderr + ran.stdout);
    assert.equal(cli.service.calls().length - before, 30);
  });

  it('counts every file of the run together', async function () {
    writeFileSync(path.join(cli.folder, 'a.gisttest.json'), testFile(2, 1, 3));
    writeFileSync(path.join(cli.folder, 'b.gisttest.json'), testFile(4, 2, 1));
    const before = cli.service.calls().length;
    const refused = await cli.gistCheck(['*.gisttest.json', '--base-url', cli.service.url, '--max-calls', '13']);
    assert.equal(refused.code, EXIT_COULD_NOT_RUN);
    assert.equal(cli.service.calls().length, before, 'no call');
    assert.match(refused.stderr, /this run would make 14 calls \(b\.gisttest\.json: 4 tests × 2 variants × 1 sample; a\.gisttest\.json: 2 tests × 1 variant × 3 samples\), more than --max-calls allows \(13\)/);
  });

  it('by default refuses the largest run a test file can order (10,000 tests × 32 variants × 100 samples) at once, without a call', async function () {
    writeFileSync(path.join(cli.folder, 'huge.gisttest.json'), testFile(10_000, 32, 100));
    const before = cli.service.calls().length;
    // In a child killed after 30 s: the old code started 32 million calls.
    const refused = await cli.gistCheckInChild(['huge.gisttest.json', '--base-url', cli.service.url], {}, 30_000);
    assert.ok(refused !== undefined, 'gist-check ended by itself');
    assert.equal(refused.code, EXIT_COULD_NOT_RUN, refused.stderr);
    assert.equal(cli.service.calls().length, before, 'no call');
    assert.match(refused.stderr, /^gist-check: this run would make 32,000,000 calls \(huge\.gisttest\.json: 10,000 tests × 32 variants × 100 samples\), more than --max-calls allows \(5,000\): nothing was run\. Run fewer tests, variants or samples, or split it: --max-calls goes up to 1,000,000\.\n$/);
  });
});
