// The exact sign test and McNemar's exact test against published worked examples.
import { strict as assert } from 'node:assert';
import { exactMcNemar, signTestPValue } from '../../../src/statistics/pairedTests';

describe('sign test and exact McNemar test', () => {
  it('Fagerland, Lydersen & Laake (BMC Med Res Methodol 13 (2013) 91), Table 1: 1 and 7 discordant pairs give exact p = 0.070', () => {
    const result = exactMcNemar(1, 7);
    assert.equal(result.pValue.toFixed(3), '0.070');
    // 2 × (1 + 8) / 2⁸, exactly.
    assert.ok(Math.abs(result.pValue - 18 / 256) < 1e-15);
    assert.equal(exactMcNemar(7, 1).pValue, result.pValue);
  });

  it("Agresti's approval ratings of the Prime Minister (Categorical Data Analysis, 2nd ed., §10.1: 86 and 150 discordant, z = −4.17): p < 0.0001", () => {
    const result = exactMcNemar(86, 150);
    assert.ok(result.pValue < 0.0001, String(result.pValue));
    // Agresti's z = −4.17 by the large-sample test; the exact p sits beside its continuity-corrected chi-square p (4.1e-5).
    assert.ok(result.pValue > 2e-5 && result.pValue < 6e-5, String(result.pValue));
  });

  it('is 1 with no preference or an even split, at most 1, and refuses negative or fractional counts', () => {
    assert.equal(signTestPValue(0, 0), 1);
    assert.equal(signTestPValue(12, 12), 1);
    assert.equal(signTestPValue(5, 6), 1);
    assert.equal(signTestPValue(0, 1), 1);
    // The smallest p of n pairs all one way is 2 / 2ⁿ.
    assert.equal(signTestPValue(10, 0), 2 / 1024);
    assert.throws(() => signTestPValue(-1, 3), RangeError);
    assert.throws(() => signTestPValue(1.5, 3), RangeError);
  });
});
