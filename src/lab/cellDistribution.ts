// A cell of a run with several samples per cell, as the results view's grid shows it: how many
// samples, how many of them gave the same text, the spread of their length, and a flaky mark when
// the cell's checks passed in some samples and failed in others (promptfoo users ask for this:
// its issues #1, #428 and #1932). The figures are the verdict panel's (sampleSpread); this says
// them in a line. Pure: no `vscode`.
import { sampleSpread } from '../statistics/sampleSpread';
import type { IndexedSample } from './resultsIndex';

export interface CellDistribution {
  /** "3 samples · 2 identical · 120–180 chars". */
  readonly text: string;
  /** "flaky: passed 2 of 3" when the checks disagree across the samples. */
  readonly flaky?: string;
}

function chars(min: number, max: number): string {
  const count = (value: number): string => Math.round(value).toLocaleString('en-US');
  return min === max ? `${count(min)} chars` : `${count(min)}–${count(max)} chars`;
}

/** Undefined for a run of one sample per cell, or a cell with no sample yet. */
export function cellDistribution(samples: ReadonlyArray<IndexedSample | undefined>, samplesPerCell: number): CellDistribution | undefined {
  const recorded = samples.filter((sample): sample is IndexedSample => sample !== undefined);
  if (samplesPerCell <= 1 || recorded.length === 0) return undefined;
  const spread = sampleSpread(
    recorded.map((sample) => ({
      failed: sample.failed,
      ...(sample.failed ? {} : { contentDigest: String(sample.hash), length: sample.length }),
      ...(sample.passed === undefined ? {} : { passed: sample.passed }),
    })),
  );
  const parts = [recorded.length < samplesPerCell ? `${recorded.length} of ${samplesPerCell} samples` : `${recorded.length} samples`];
  const withContent = recorded.length - spread.failedCalls;
  if (withContent > 1) {
    parts.push(spread.largestIdenticalGroup === withContent ? 'all identical' : spread.largestIdenticalGroup <= 1 ? 'all different' : `${spread.largestIdenticalGroup} identical`);
  }
  if (spread.length !== undefined) parts.push(chars(spread.length.min, spread.length.max));
  if (spread.failedCalls > 0) parts.push(spread.failedCalls === 1 ? '1 failed call' : `${spread.failedCalls} failed calls`);
  return { text: parts.join(' · '), ...(spread.flaky ? { flaky: `flaky: passed ${spread.passed} of ${spread.passed + spread.failed}` } : {}) };
}
