// `gist.requestTimeoutSeconds` is clamped to the range package.json declares (item 10 of issue 13).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS, MIN_TIMEOUT_SECONDS } from '../../../src/shared/limits';
import { requestTimeoutMs } from '../../../src/shared/requestTimeout';

describe('request timeout setting', () => {
  it('clamps to 1–600 s: 2147484 s (a timer overflow) becomes 600 s', () => {
    assert.equal(requestTimeoutMs(2147484), 600_000);
    assert.equal(requestTimeoutMs(1e308), 600_000);
    assert.equal(requestTimeoutMs(Infinity), 600_000);
    assert.equal(requestTimeoutMs(0), 1000);
    assert.equal(requestTimeoutMs(-5), 1000);
    assert.equal(requestTimeoutMs(0.001), 1000);
    assert.equal(requestTimeoutMs(2.5), 2500);
    assert.equal(requestTimeoutMs(600), 600_000);
  });

  it('anything that is not a number gives the default', () => {
    for (const value of [Number.NaN, '30', null, undefined, {}, [5], true]) {
      assert.equal(requestTimeoutMs(value), DEFAULT_TIMEOUT_SECONDS * 1000, JSON.stringify(value) ?? 'undefined');
    }
  });

  it('package.json declares the same range and default', () => {
    const manifest = JSON.parse(readFileSync(resolve(__dirname, '../../../../package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { minimum?: number; maximum?: number; default?: unknown }> } };
    };
    const setting = manifest.contributes.configuration.properties['gist.requestTimeoutSeconds'];
    assert.deepEqual([setting?.minimum, setting?.maximum, setting?.default], [MIN_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS, DEFAULT_TIMEOUT_SECONDS]);
  });
});
