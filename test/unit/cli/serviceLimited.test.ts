// gist-check under a service's rate limit: every refused call (429) is tried again without using
// its retries, every cell passes, and the summary says the service limited the run and at what pace,
// so a slow CI step reads as the service's limit, not as gist-check being slow. Against the local
// service's realistic mode (a token bucket), in-process.
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { EXIT_PASSED } from '../../../src/cli/checkCommand';
import { useCliFixture } from './cliFixture';

describe('gist-check when the service limits the run', function () {
  this.timeout(60_000);
  const cli = useCliFixture('gist-check-limited-');

  afterEach(function () {
    cli.service.setRealistic(undefined);
  });

  it('passes every cell and says the service limited the run, with the pace it allowed', async function () {
    // 40 calls against 20 a second with a burst of 4, latencies of a few milliseconds: most calls meet a 429 first.
    cli.service.setRealistic({ seed: 7, latency: { medianMs: 5, p95Ms: 20 }, rate: { perSecond: 20, burst: 4 } });
    const tests = Array.from({ length: 40 }, (_, index) => ({ vars: { text: `t${index}` }, assert: [{ type: 'contains', value: 't' }] }));
    writeFileSync(path.join(cli.folder, 'limited.gisttest.json'), JSON.stringify({ gist: 'echo', variants: ['plain'], tests }));
    const ran = await cli.gistCheck(['--base-url', cli.service.url, '--max-retries', '0']);
    assert.equal(ran.code, EXIT_PASSED, ran.stdout + ran.stderr);
    assert.match(ran.stdout, /^40 passed, 0 failed, 0 could not run/m);
    assert.match(ran.stdout, /^The service limited the run: it refused \d+ requests? \(429 or 503\), each tried again, and allowed about \d+(\.\d)? calls a second\.$/m, ran.stdout);
  });

  it('says nothing of a limit when the service refused nothing', async function () {
    writeFileSync(path.join(cli.folder, 'free.gisttest.json'), JSON.stringify({ gist: 'echo', variants: ['plain'], tests: [{ vars: { text: 'a' }, assert: [{ type: 'contains', value: 'a' }] }] }));
    const ran = await cli.gistCheck(['--base-url', cli.service.url]);
    assert.equal(ran.code, EXIT_PASSED, ran.stdout + ran.stderr);
    assert.doesNotMatch(ran.stdout, /limited the run/);
  });
});
