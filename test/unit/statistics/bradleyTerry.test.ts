// Bradley–Terry strengths against a published worked example, the likelihood equations, and
// Chatbot Arena's convention for ties; bootstrap intervals reproducible from their seed.
import { strict as assert } from 'node:assert';
import { emptyWins, fitBradleyTerry, isConnected, type PairwiseWins } from '../../../src/statistics/bradleyTerry';
import { bradleyTerryStrengths, type Comparison } from '../../../src/statistics/bradleyTerryBootstrap';
import { seededRandom } from '../../../src/statistics/seededRandom';

const close = (actual: number, expected: number, tolerance: number, what: string): void =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual}, expected ${expected} ± ${tolerance}`);

/**
 * Citations among four statistics journals (Stigler 1994, as in Agresti, Categorical Data Analysis,
 * 2nd ed., p. 448, and the `citations` data of R's BradleyTerry2): row journal cited by column journal,
 * a citation counting as a "win" of the cited journal.
 */
const CITATIONS = [
  [714, 730, 498, 221],
  [33, 425, 68, 17],
  [320, 813, 1072, 142],
  [284, 276, 325, 188],
];

function citationTable(): PairwiseWins {
  const table = emptyWins(4);
  CITATIONS.forEach((row, i) => row.forEach((count, j) => i !== j && (table.wins[i * 4 + j] = count)));
  return table;
}

describe('Bradley–Terry', () => {
  it("reproduces BradleyTerry2's published fit of the citation data (Turner & Firth's vignette): Comm Statist −2.9491, JASA −0.4796, JRSS-B 0.2690 against Biometrika", () => {
    for (const ridge of [0, undefined]) {
      const fit = fitBradleyTerry(citationTable(), ridge === undefined ? {} : { ridge });
      const base = fit.theta[0] as number;
      close((fit.theta[1] as number) - base, -2.9491, 5e-5, 'Comm Statist');
      close((fit.theta[2] as number) - base, -0.4796, 5e-5, 'JASA');
      close((fit.theta[3] as number) - base, 0.269, 5e-5, 'JRSS-B');
      assert.ok(fit.connected);
      assert.ok(fit.iterations < 20, `${fit.iterations} iterations`);
    }
  });

  it("solves Zermelo's likelihood equations: each variant's wins equal its expected wins at the fit (what Hunter's MM iterates to)", () => {
    const table = citationTable();
    const fit = fitBradleyTerry(table, { ridge: 0 });
    for (let i = 0; i < 4; i++) {
      let wins = 0;
      let expected = 0;
      for (let j = 0; j < 4; j++) {
        if (i !== j) {
          const n = (table.wins[i * 4 + j] as number) + (table.wins[j * 4 + i] as number);
          wins += table.wins[i * 4 + j] as number;
          expected += n / (1 + Math.exp((fit.theta[j] as number) - (fit.theta[i] as number)));
        }
      }
      close(expected, wins, 1e-6, `variant ${i}`);
    }
  });

  it('two variants: the log-odds of winning (4 wins, 2 losses: ln 2), and a tie counts half a win each way, as in Chatbot Arena', () => {
    const table = emptyWins(2);
    table.wins[1] = 4;
    table.wins[2] = 2;
    const fit = fitBradleyTerry(table, { ridge: 0 });
    close((fit.theta[0] as number) - (fit.theta[1] as number), Math.log(2), 1e-9, 'θ₀ − θ₁');
    // 3 wins, 1 loss and 2 ties are 4 against 2 as well.
    const withTies = bradleyTerryStrengths(
      2,
      [...Array<Comparison>(3).fill({ first: 0, second: 1, outcome: 1 }), { first: 1, second: 0, outcome: 1 }, ...Array<Comparison>(2).fill({ first: 1, second: 0, outcome: 0.5 })],
      { resamples: 1, level: 0.95, random: seededRandom(1) },
    );
    const [strong, weak] = withTies.variants;
    close((strong?.strength ?? 0) / (weak?.strength ?? 1), 2, 1e-3, 'strength ratio');
  });

  it('says when the data alone do not determine the strengths (a variant that never lost), and stays finite there', () => {
    const table = emptyWins(3);
    table.wins[0 * 3 + 1] = 10;
    table.wins[0 * 3 + 2] = 10;
    table.wins[1 * 3 + 2] = 3;
    table.wins[2 * 3 + 1] = 2;
    assert.equal(isConnected(table), false);
    const fit = fitBradleyTerry(table);
    assert.equal(fit.connected, false);
    assert.ok(Array.from(fit.theta).every(Number.isFinite));
    assert.ok((fit.theta[0] as number) > 5);
    table.wins[1 * 3 + 0] = 1;
    assert.equal(isConnected(table), true);
    assert.throws(() => fitBradleyTerry(table, { ridge: -1 }), RangeError);
  });

  it('bootstrap intervals: reproducible from the seed, around the fit, shares summing to 1, on the Arena scale', () => {
    const random = seededRandom(5);
    const truth = [0.6, 0, -0.2, -0.4];
    const comparisons: Comparison[] = [];
    for (let i = 0; i < 2000; i++) {
      const first = random.nextInt(4);
      const second = (first + 1 + random.nextInt(3)) % 4;
      const p = 1 / (1 + Math.exp((truth[second] as number) - (truth[first] as number)));
      const u = random.nextFloat();
      comparisons.push({ first, second, outcome: u < 0.1 ? 0.5 : u < 0.1 + 0.9 * p ? 1 : 0 });
    }
    const options = { resamples: 1000, level: 0.95 };
    const figures = bradleyTerryStrengths(4, comparisons, { ...options, random: seededRandom(0) });
    assert.deepEqual(bradleyTerryStrengths(4, comparisons, { ...options, random: seededRandom(0) }), figures);
    assert.notDeepEqual(bradleyTerryStrengths(4, comparisons, { ...options, random: seededRandom(1) }), figures);
    assert.equal(figures.resamples, 1000);
    assert.equal(figures.comparisons, 2000);
    assert.ok(figures.connected);
    close(
      figures.variants.reduce((sum, variant) => sum + variant.strength, 0),
      1,
      1e-12,
      'shares',
    );
    close(figures.variants.reduce((sum, variant) => sum + variant.rating, 0) / 4, 1000, 1e-9, 'mean rating');
    for (const [index, variant] of figures.variants.entries()) {
      assert.ok(variant.ratingLower <= variant.rating && variant.rating <= variant.ratingUpper, `variant ${index}`);
      assert.ok(variant.strengthLower <= variant.strength && variant.strength <= variant.strengthUpper, `variant ${index}`);
      assert.ok(variant.ratingUpper - variant.ratingLower < 120, `variant ${index} interval`);
    }
    // The strongest by construction comes first, clearly apart from the weakest.
    assert.ok((figures.variants[0]?.ratingLower ?? 0) > (figures.variants[3]?.ratingUpper ?? Infinity));
  });

  it('refuses comparisons of a variant with itself or outside the variants', () => {
    const options = { resamples: 1, level: 0.95, random: seededRandom(1) };
    assert.throws(() => bradleyTerryStrengths(3, [{ first: 1, second: 1, outcome: 1 }], options), RangeError);
    assert.throws(() => bradleyTerryStrengths(3, [{ first: 0, second: 3, outcome: 1 }], options), RangeError);
    assert.throws(() => bradleyTerryStrengths(1, [], options), RangeError);
  });
});
