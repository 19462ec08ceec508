// The checks' evidence: each variant's pass rate with its Wilson interval, and for each pair of
// variants the paired comparison on the cells both have (same row and sample): McNemar's exact test
// on the pairs where one passed and the other failed. Failed calls are counted apart, not as failed
// checks. Pure: no `vscode`.
import { exactMcNemar } from '../statistics/pairedTests';
import { wilsonInterval, type ProportionInterval } from '../statistics/proportionInterval';
import { mcnemarSampleSize, type PowerRule } from '../statistics/sampleSize';
import { succeeded, type CellResult } from './cellResult';
import type { CellIndex } from './cellIndex';
import { count, percent, pValue, sentence, unitWord, variantName, type Sentence } from './sentence';

export interface VariantChecks {
  readonly variant: string;
  readonly passed: number;
  readonly failed: number;
  /** Calls that failed (no content, so no check outcome). */
  readonly failedCalls: number;
  /** Undefined when no cell of the variant has a check outcome. */
  readonly passRate?: ProportionInterval;
}

export interface PairChecks {
  readonly first: string;
  readonly second: string;
  /** Cells of the same row and sample where both variants have a check outcome. */
  readonly paired: number;
  readonly bothPassed: number;
  readonly onlyFirstPassed: number;
  readonly onlySecondPassed: number;
  readonly bothFailed: number;
  /** Exact McNemar p-value. */
  readonly pValue: number;
  readonly moreRowsNeeded: number;
  readonly sentence: Sentence;
}

export interface CheckVerdict {
  readonly variants: readonly VariantChecks[];
  readonly pairs: readonly PairChecks[];
  readonly sentence: Sentence;
}

const hasOutcome = (cell: CellResult | undefined): cell is CellResult & { passed: boolean } => cell !== undefined && succeeded(cell) && cell.passed !== undefined;

function pairSentence(pair: Omit<PairChecks, 'sentence'>, rows: boolean, rule: PowerRule): Sentence {
  const a = variantName(pair.first);
  const b = variantName(pair.second);
  const points = `${Math.round(rule.difference * 100)}-point`;
  if (pair.paired === 0) {
    return sentence('No row has check results for both ', a, ' and ', b, ' yet.');
  }
  const firstRate = (pair.bothPassed + pair.onlyFirstPassed) / pair.paired;
  const secondRate = (pair.bothPassed + pair.onlySecondPassed) / pair.paired;
  const onSame = `on the same ${count(pair.paired)} ${unitWord(rows, pair.paired, 'pairs')}`;
  const test = `exact McNemar ${pValue(pair.pValue)}`;
  if (pair.pValue < rule.alpha) {
    const firstBetter = firstRate >= secondRate;
    const [better, worse] = firstBetter ? [a, b] : [b, a];
    const [high, low] = firstBetter ? [firstRate, secondRate] : [secondRate, firstRate];
    return sentence(better, ' passes the checks more often than ', worse, ` ${onSame}: ${percent(high)} against ${percent(low)} (${test}).`);
  }
  const figures = `${percent(firstRate)} and ${percent(secondRate)} ${onSame}, ${test}`;
  if (pair.moreRowsNeeded > 0) {
    return sentence('No difference in passing the checks between ', a, ' and ', b, ` shown yet (${figures}): about ${count(pair.moreRowsNeeded)} more rows to tell a ${points} difference apart.`);
  }
  return sentence('No difference in passing the checks between ', a, ' and ', b, ` shown (${figures}).`);
}

export function checkVerdict(index: CellIndex, level: number, rule: PowerRule): CheckVerdict | undefined {
  const variants = index.variants;
  const perVariant = variants.map((variant) => ({ variant, passed: 0, failed: 0, failedCalls: 0 }));
  let anyOutcome = false;
  for (let rowSample = 0; rowSample < index.rowSamples.length; rowSample++) {
    perVariant.forEach((tally, column) => {
      const cell = index.at(rowSample, column);
      if (cell === undefined) {
        return;
      }
      if (!succeeded(cell)) {
        tally.failedCalls += 1;
      } else if (cell.passed === true) {
        tally.passed += 1;
        anyOutcome = true;
      } else if (cell.passed === false) {
        tally.failed += 1;
        anyOutcome = true;
      }
    });
  }
  if (!anyOutcome) {
    return undefined;
  }
  const pairs: PairChecks[] = [];
  for (let i = 0; i < variants.length; i++) {
    for (let j = i + 1; j < variants.length; j++) {
      const first = variants[i] as string;
      const second = variants[j] as string;
      let bothPassed = 0;
      let onlyFirstPassed = 0;
      let onlySecondPassed = 0;
      let bothFailed = 0;
      const rows = new Set<number>();
      for (let rowSample = 0; rowSample < index.rowSamples.length; rowSample++) {
        const a = index.at(rowSample, i);
        const b = index.at(rowSample, j);
        if (!hasOutcome(a) || !hasOutcome(b)) {
          continue;
        }
        rows.add((index.rowSamples[rowSample] as { row: number }).row);
        if (a.passed && b.passed) bothPassed += 1;
        else if (a.passed) onlyFirstPassed += 1;
        else if (b.passed) onlySecondPassed += 1;
        else bothFailed += 1;
      }
      const paired = bothPassed + onlyFirstPassed + onlySecondPassed + bothFailed;
      const discordant = onlyFirstPassed + onlySecondPassed;
      // The share of disagreeing pairs, smoothed (+1 of +2) so that none seen yet still asks for some rows.
      const needed = mcnemarSampleSize((discordant + 1) / (paired + 2), rule);
      const figures = {
        first,
        second,
        paired,
        bothPassed,
        onlyFirstPassed,
        onlySecondPassed,
        bothFailed,
        pValue: exactMcNemar(onlyFirstPassed, onlySecondPassed).pValue,
        moreRowsNeeded: Math.max(0, needed - paired),
      };
      pairs.push({ ...figures, sentence: pairSentence(figures, rows.size === paired, rule) });
    }
  }
  const strongest = [...pairs].sort((a, b) => a.pValue - b.pValue || b.paired - a.paired)[0];
  return {
    variants: perVariant.map((tally) => ({
      ...tally,
      ...(tally.passed + tally.failed === 0 ? {} : { passRate: wilsonInterval(tally.passed, tally.passed + tally.failed, level) }),
    })),
    pairs,
    sentence: strongest?.sentence ?? sentence('One variant only: no pair of variants to compare on the checks.'),
  };
}
