// The normal quantile behind every z: Wichura's AS 241 against the values his paper publishes and
// the percentage points of Abramowitz & Stegun's Table 26.5.
import { strict as assert } from 'node:assert';
import { normalQuantile, zForConfidence } from '../../../src/statistics/normalQuantile';

const close = (actual: number, expected: number, tolerance: number, what: string): void =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual}, expected ${expected} ± ${tolerance}`);

describe('normal quantile (AS 241)', () => {
  it("matches Wichura's published test values (Applied Statistics 37 (1988) 477–484; -9.262340089798408 for 1e-20, to a double's digits)", () => {
    close(normalQuantile(0.25), -0.6744897501960817, 1e-15, 'p = 0.25');
    close(normalQuantile(0.001), -3.090232306167814, 1e-14, 'p = 0.001');
    close(normalQuantile(1e-20), -9.26234008979841, 1e-13, 'p = 1e-20');
  });

  it('matches the percentage points of Abramowitz & Stegun, Table 26.5 (nine decimals)', () => {
    close(normalQuantile(0.975), 1.959963985, 5e-10, '97.5%');
    close(normalQuantile(0.995), 2.575829304, 5e-10, '99.5%');
    close(normalQuantile(0.95), 1.644853627, 5e-10, '95%');
    close(normalQuantile(0.9), 1.281551566, 5e-10, '90%');
    close(normalQuantile(0.8), 0.841621234, 5e-10, '80%');
    close(normalQuantile(0.9995), 3.290526731, 5e-10, '99.95%');
  });

  it('is symmetric, 0 at one half, infinite at the ends and NaN outside [0, 1]', () => {
    for (const p of [2 ** -40, 2 ** -20, 0.01, 0.2, 0.4, 0.49]) {
      close(normalQuantile(1 - p) + normalQuantile(p), 0, 1e-9 * Math.max(1, Math.abs(normalQuantile(p))), `symmetry at ${p}`);
    }
    assert.equal(normalQuantile(0.5), 0);
    assert.equal(normalQuantile(0), Number.NEGATIVE_INFINITY);
    assert.equal(normalQuantile(1), Number.POSITIVE_INFINITY);
    for (const p of [-0.1, 1.1, Number.NaN]) {
      assert.ok(Number.isNaN(normalQuantile(p)), String(p));
    }
  });

  it('gives the two-sided z of a confidence level and refuses a level outside (0, 1)', () => {
    close(zForConfidence(0.95), 1.959963985, 5e-10, '95%');
    close(zForConfidence(0.99), 2.575829304, 5e-10, '99%');
    for (const level of [0, 1, 95, Number.NaN]) {
      assert.throws(() => zForConfidence(level), RangeError, String(level));
    }
  });
});
