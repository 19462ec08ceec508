// Counts of a check run, overall and per variant: passed, failed (an assertion), errored (the call
// failed, so nothing was graded). The pass rate is passed over all cells that ran, errors
// included: a cell that could not be checked did not pass. Pure: no `vscode`.
import type { VariantChoice } from '../runs/variants';
import type { CheckOutcome } from './checkRun';

export interface Tally {
  passed: number;
  failed: number;
  errored: number;
}

export type CellVerdict = 'passed' | 'failed' | 'errored';

export function verdictOf(outcome: Pick<CheckOutcome, 'grade'>): CellVerdict {
  // A grade a model could not finish is an error, never a pass or a failure of the output.
  if (outcome.grade === undefined || outcome.grade.error !== undefined || (outcome.grade.pending ?? 0) > 0) return 'errored';
  return outcome.grade.pass ? 'passed' : 'failed';
}

export function passRate(tally: Tally): number | undefined {
  const total = tally.passed + tally.failed + tally.errored;
  return total === 0 ? undefined : tally.passed / total;
}

/** "92.3%" (one decimal, never rounded up to 100% unless every cell passed). */
export function percent(rate: number): string {
  const tenths = Math.floor(rate * 1000 + 1e-9) / 10;
  return `${tenths.toFixed(tenths === Math.trunc(tenths) ? 0 : 1)}%`;
}

export class CheckTally {
  readonly total: Tally = { passed: 0, failed: 0, errored: 0 };
  private readonly variants = new Map<VariantChoice, Tally>();

  add(outcome: Pick<CheckOutcome, 'grade' | 'variant'>): CellVerdict {
    const verdict = verdictOf(outcome);
    let tally = this.variants.get(outcome.variant);
    if (tally === undefined) {
      tally = { passed: 0, failed: 0, errored: 0 };
      this.variants.set(outcome.variant, tally);
    }
    tally[verdict] += 1;
    this.total[verdict] += 1;
    return verdict;
  }

  /** Per variant, in the order each was first seen. */
  byVariant(): ReadonlyArray<{ readonly variant: VariantChoice; readonly tally: Tally }> {
    return [...this.variants].map(([variant, tally]) => ({ variant, tally }));
  }
}
