// How many more observations would tell a given difference apart: the "review about N more rows"
// sentence. Textbook normal-approximation sample sizes for a two-sided test at level α with power
// 1 − β, in Lachin's general form √n·|μ₁ − μ₀| = z₁₋α/₂·σ₀ + z₁₋β·σ₁ (Lachin, Controlled Clinical
// Trials 2 (1981) 93–113), the standard deviation of one observation under the null (σ₀) and under
// the alternative (σ₁). Pure: no `vscode`.
import { normalQuantile } from './normalQuantile';

export interface PowerRule {
  /** The difference to tell apart, as a proportion: 0.10 for ten percentage points. */
  readonly difference: number;
  /** Two-sided significance level. */
  readonly alpha: number;
  /** The chance of a significant result when the difference is real. */
  readonly power: number;
}

/** Ten points, at the 5% level, found four times in five: the rule the verdict sentences state. */
export const DEFAULT_POWER_RULE: PowerRule = { difference: 0.1, alpha: 0.05, power: 0.8 };

function criticalValues(rule: PowerRule): { zAlpha: number; zBeta: number } {
  if (!(rule.difference > 0 && rule.difference < 0.5) || !(rule.alpha > 0 && rule.alpha < 1) || !(rule.power > 0 && rule.power < 1)) {
    throw new RangeError('A power rule needs 0 < difference < 0.5, 0 < alpha < 1 and 0 < power < 1.');
  }
  return { zAlpha: normalQuantile(1 - rule.alpha / 2), zBeta: normalQuantile(rule.power) };
}

/**
 * Pairs with a preference the sign test needs to tell a win rate of ½ + difference from ½
 * (H₀: p = ½, σ₀ = ½; H₁: p = ½ + d, σ₁ = √(p(1 − p))). 194 for the default rule.
 */
export function signTestSampleSize(rule: PowerRule = DEFAULT_POWER_RULE): number {
  const { zAlpha, zBeta } = criticalValues(rule);
  const p1 = 0.5 + rule.difference;
  const root = zAlpha * 0.5 + zBeta * Math.sqrt(p1 * (1 - p1));
  return Math.ceil((root * root) / (rule.difference * rule.difference));
}

/**
 * Pairs McNemar's test needs to tell pass rates `difference` apart when a share `discordant` of the
 * pairs disagree (one passes, the other fails): Connor, Biometrics 43 (1987) 207–211,
 * n = (z₁₋α/₂·√ψ + z₁₋β·√(ψ − δ²))² / δ². ψ is at least δ (every disagreement one way) and at most 1.
 */
export function mcnemarSampleSize(discordant: number, rule: PowerRule = DEFAULT_POWER_RULE): number {
  const { zAlpha, zBeta } = criticalValues(rule);
  const delta = rule.difference;
  const psi = Math.min(1, Math.max(delta, Number.isFinite(discordant) ? discordant : 1));
  const root = zAlpha * Math.sqrt(psi) + zBeta * Math.sqrt(psi - delta * delta);
  return Math.ceil((root * root) / (delta * delta));
}
