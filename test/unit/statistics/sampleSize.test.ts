// The power rule behind "review about N more rows": the textbook sample sizes, and the exact power
// of our exact tests at those sizes (computed from binomial probabilities, no simulation).
import { strict as assert } from 'node:assert';
import { binomialCdf, binomialPmf } from '../../../src/statistics/binomial';
import { signTestPValue } from '../../../src/statistics/pairedTests';
import { DEFAULT_POWER_RULE, mcnemarSampleSize, signTestSampleSize } from '../../../src/statistics/sampleSize';

/** The largest c with P(sign test rejects | min(k, n − k) = c) at level alpha. */
function criticalCount(n: number, alpha: number): number {
  let c = -1;
  while (c + 1 <= n / 2 && signTestPValue(c + 1, n - c - 1) <= alpha) {
    c += 1;
  }
  return c;
}

/** Exact power of the two-sided exact sign test with n pairs when the win rate is p. */
function signTestPower(n: number, p: number, alpha: number): number {
  const c = criticalCount(n, alpha);
  return c < 0 ? 0 : binomialCdf(c, n, p) + (1 - binomialCdf(n - c - 1, n, p));
}

/** Exact power of McNemar's exact test over n pairs with discordant probabilities p10 and p01. */
function mcnemarPower(n: number, p10: number, p01: number, alpha: number): number {
  const psi = p10 + p01;
  let power = 0;
  for (let d = 1; d <= n; d++) {
    const c = criticalCount(d, alpha);
    if (c >= 0) {
      power += binomialPmf(d, n, psi) * signTestPower(d, p10 / psi, alpha);
    }
  }
  return power;
}

describe('power rule (sample sizes)', () => {
  it("needs 194 pairs with a preference to tell a 60% win rate from 50% (Lachin 1981's one-proportion formula)", () => {
    assert.equal(signTestSampleSize(), 194);
    assert.deepEqual(DEFAULT_POWER_RULE, { difference: 0.1, alpha: 0.05, power: 0.8 });
  });

  it('at that size the exact sign test finds a 10-point difference about three times in four (the formula is approximate; docs/verdicts.md says so)', () => {
    // The exact test is conservative and its power saw-toothed in n: 0.764 at 194.
    const power = signTestPower(194, 0.6, 0.05);
    assert.ok(power > 0.74 && power < 0.82, String(power));
    // And a quarter of the pairs is far from enough.
    assert.ok(signTestPower(48, 0.6, 0.05) < 0.35);
  });

  it("McNemar (Connor, Biometrics 43 (1987) 207–211): with 30% of pairs discordant, the exact test at Connor's n has about 80% power", () => {
    const n = mcnemarSampleSize(0.3);
    assert.equal(n, 234);
    const power = mcnemarPower(n, 0.2, 0.1, 0.05);
    assert.ok(power > 0.74 && power < 0.84, `${n} pairs: ${power}`);
  });

  it('asks for more when the difference is smaller or disagreements are more frequent, and refuses impossible rules', () => {
    assert.ok(signTestSampleSize({ ...DEFAULT_POWER_RULE, difference: 0.05 }) > 700);
    assert.ok(mcnemarSampleSize(0.5) > mcnemarSampleSize(0.2));
    // Discordance below the difference itself is impossible; it counts as the difference.
    assert.equal(mcnemarSampleSize(0.01), mcnemarSampleSize(0.1));
    assert.throws(() => signTestSampleSize({ difference: 0, alpha: 0.05, power: 0.8 }), RangeError);
    assert.throws(() => signTestSampleSize({ difference: 0.1, alpha: 1, power: 0.8 }), RangeError);
  });
});
