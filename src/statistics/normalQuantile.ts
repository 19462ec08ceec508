// The standard normal quantile (the inverse of its distribution function), for the z of any
// confidence level. Wichura's algorithm AS 241 (PPND16), Applied Statistics 37 (1988) 477–484:
// rational approximations accurate to about 1e-16 over (0, 1). Hand-written because the libraries
// at hand fall short: simple-statistics' probit is Winitzki's approximation (1.95716 for 0.975, where
// the true value is 1.95996: Wilson bounds off in the third decimal), and jstat ships no types and
// has had no release since 2022. Pure: no `vscode`.

/* eslint-disable no-loss-of-precision -- Wichura's coefficients exactly as published (20 digits), so they can be checked against the paper; a double keeps 17. */
// Numerator and denominator coefficients, constant term first, of the three rational approximations.
const CENTRAL_NUMERATOR = [
  3.387132872796366608, 133.14166789178437745, 1971.5909503065514427, 13731.693765509461125, 45921.953931549871457, 67265.770927008700853,
  33430.575583588128105, 2509.0809287301226727,
];
const CENTRAL_DENOMINATOR = [
  1, 42.313330701600911252, 687.1870074920579083, 5394.1960214247511077, 21213.794301586595867, 39307.89580009271061, 28729.085735721942674,
  5226.495278852854561,
];
const INTERMEDIATE_NUMERATOR = [
  1.42343711074968357734, 4.6303378461565452959, 5.7694972214606914055, 3.64784832476320460504, 1.27045825245236838258, 0.24178072517745061177,
  0.0227238449892691845833, 7.7454501427834140764e-4,
];
const INTERMEDIATE_DENOMINATOR = [
  1, 2.05319162663775882187, 1.6763848301838038494, 0.68976733498510000455, 0.14810397642748007459, 0.0151986665636164571966, 5.475938084995344946e-4,
  1.05075007164441684324e-9,
];
const TAIL_NUMERATOR = [
  6.6579046435011037772, 5.4637849111641143699, 1.7848265399172913358, 0.29656057182850489123, 0.026532189526576123093, 0.0012426609473880784386,
  2.71155556874348757815e-5, 2.01033439929228813265e-7,
];
const TAIL_DENOMINATOR = [
  1, 0.59983220655588793769, 0.13692988092273580531, 0.0148753612908506148525, 7.868691311456132591e-4, 1.8463183175100546818e-5,
  1.4215117583164458887e-7, 2.04426310338993978564e-15,
];
/* eslint-enable no-loss-of-precision */

const SPLIT_CENTRAL = 0.425;
const SPLIT_TAIL = 5;

/** Σ cᵢ·xⁱ by Horner's rule. */
function polynomial(coefficients: readonly number[], x: number): number {
  let value = 0;
  for (let i = coefficients.length - 1; i >= 0; i--) {
    value = value * x + (coefficients[i] as number);
  }
  return value;
}

function ratio(numerator: readonly number[], denominator: readonly number[], x: number): number {
  return polynomial(numerator, x) / polynomial(denominator, x);
}

/** The z with P(Z ≤ z) = p for a standard normal Z; ±Infinity at 0 and 1, NaN outside [0, 1]. */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) {
    return Number.NaN;
  }
  if (p === 0) {
    return Number.NEGATIVE_INFINITY;
  }
  if (p === 1) {
    return Number.POSITIVE_INFINITY;
  }
  const q = p - 0.5;
  if (Math.abs(q) <= SPLIT_CENTRAL) {
    const r = 0.180625 - q * q;
    return q * ratio(CENTRAL_NUMERATOR, CENTRAL_DENOMINATOR, r);
  }
  const r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  const value = r <= SPLIT_TAIL ? ratio(INTERMEDIATE_NUMERATOR, INTERMEDIATE_DENOMINATOR, r - 1.6) : ratio(TAIL_NUMERATOR, TAIL_DENOMINATOR, r - SPLIT_TAIL);
  return q < 0 ? -value : value;
}

/** The two-sided critical value of a confidence level: 1.96 for 0.95. */
export function zForConfidence(level: number): number {
  if (!(level > 0 && level < 1)) {
    throw new RangeError(`A confidence level is between 0 and 1 (exclusive), not ${level}.`);
  }
  return normalQuantile(1 - (1 - level) / 2);
}
