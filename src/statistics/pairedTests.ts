// Exact tests on paired outcomes. The sign test asks whether "A better" and "B better" are equally
// likely, counting only the pairs with a preference (ties carry no sign); McNemar's exact test is the
// same test on the discordant pairs of pass/fail outcomes (A passed where B failed, and the
// reverse). Two-sided p-value = 2 × the smaller binomial tail at p = ½, at most 1 (Fagerland,
// Lydersen & Laake, BMC Medical Research Methodology 13 (2013) 91, eq. 1). Pure: no `vscode`.
import { binomialCdf } from './binomial';

function countOf(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${name} is a whole number ≥ 0, not ${value}.`);
  }
  return value;
}

/** The exact two-sided sign test p-value of `plus` pairs preferring one side and `minus` the other (1 with none). */
export function signTestPValue(plus: number, minus: number): number {
  const n = countOf(plus, 'plus') + countOf(minus, 'minus');
  if (n === 0 || plus === minus) {
    return 1;
  }
  return Math.min(1, 2 * binomialCdf(Math.min(plus, minus), n, 0.5));
}

export interface McNemarResult {
  /** Pairs where only the first passed, and where only the second did. */
  readonly onlyFirst: number;
  readonly onlySecond: number;
  /** The exact conditional (binomial) two-sided p-value. */
  readonly pValue: number;
}

/** McNemar's exact test on the discordant pairs of two paired pass/fail outcomes. */
export function exactMcNemar(onlyFirst: number, onlySecond: number): McNemarResult {
  return { onlyFirst, onlySecond, pValue: signTestPValue(onlyFirst, onlySecond) };
}
