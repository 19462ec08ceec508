// Exact binomial probabilities, for the sign test, McNemar's test and exact power. A tail is summed
// term by term from its far end's largest term outward (each term from the last by the ratio of
// consecutive probabilities), so small tails keep their relative precision: a p-value of 1e-12 is
// not lost in 1 − 0.999…. The log of the first term uses simple-statistics' gammaln (Lanczos).
// Pure: no `vscode`.
import { gammaln } from 'simple-statistics';

function checkArguments(n: number, p: number): void {
  if (!Number.isInteger(n) || n < 0) {
    throw new RangeError(`The number of trials is a whole number ≥ 0, not ${n}.`);
  }
  if (!(p >= 0 && p <= 1)) {
    throw new RangeError(`A probability is between 0 and 1, not ${p}.`);
  }
}

/** P(X = k) for X ~ Binomial(n, p). */
export function binomialPmf(k: number, n: number, p: number): number {
  checkArguments(n, p);
  if (!Number.isInteger(k) || k < 0 || k > n) {
    return 0;
  }
  if (p === 0 || p === 1) {
    return (p === 0 ? k === 0 : k === n) ? 1 : 0;
  }
  return Math.exp(gammaln(n + 1) - gammaln(k + 1) - gammaln(n - k + 1) + k * Math.log(p) + (n - k) * Math.log1p(-p));
}

/** Σ P(X = i) for i from `from` going one way (`step` −1 down to 0, +1 up to n), until the terms stop counting. */
function tailFrom(from: number, step: 1 | -1, n: number, p: number): number {
  let term = binomialPmf(from, n, p);
  let sum = 0;
  const mode = Math.floor((n + 1) * p);
  for (let i = from; i >= 0 && i <= n; i += step) {
    sum += term;
    // Past the mode the terms only shrink; once one no longer changes the sum, none will.
    const shrinking = step === -1 ? i <= mode : i >= mode;
    if (shrinking && term <= sum * 1e-17) {
      break;
    }
    const next = i + step;
    term = step === -1 ? (term * i * (1 - p)) / ((n - i + 1) * p) : (term * (n - i) * p) / ((i + 1) * (1 - p));
    if (next < 0 || next > n) {
      break;
    }
  }
  return Math.min(1, sum);
}

/** P(X ≤ k) for X ~ Binomial(n, p). */
export function binomialCdf(k: number, n: number, p: number): number {
  checkArguments(n, p);
  if (k < 0) {
    return 0;
  }
  if (k >= n) {
    return 1;
  }
  const whole = Math.floor(k);
  if (p === 0 || p === 1) {
    return p === 0 ? 1 : 0;
  }
  // Sum the smaller side, so the tail that matters is never a difference of nearly equal numbers.
  return whole < n * p ? tailFrom(whole, -1, n, p) : 1 - tailFrom(whole + 1, 1, n, p);
}

/** P(X ≥ k) for X ~ Binomial(n, p). */
export function binomialUpperTail(k: number, n: number, p: number): number {
  checkArguments(n, p);
  if (k <= 0) {
    return 1;
  }
  if (k > n) {
    return 0;
  }
  const whole = Math.ceil(k);
  if (p === 0 || p === 1) {
    return p === 0 ? 0 : 1;
  }
  return whole > n * p ? tailFrom(whole, 1, n, p) : 1 - tailFrom(whole - 1, -1, n, p);
}
