// A cell run several times (samples) is a distribution, not a value: how many samples gave the same
// text, how much their length varies, and whether the checks agree across them. A cell whose checks
// passed in some samples and failed in others is flaky (promptfoo users ask for exactly this mark:
// its issues #1, #428 and #1932). Pure: no `vscode`.
import { quantileSorted } from 'simple-statistics';

/** One sample of a cell; only what the spread needs. */
export interface SampleOutcome {
  /** Equal strings mean equal contents (a hash of the content, or the content itself); absent for a failed call. */
  readonly contentDigest?: string;
  /** Length of the content (characters), absent for a failed call. */
  readonly length?: number;
  /** Whether the cell's checks passed in this sample; absent when it has no checks or the call failed. */
  readonly passed?: boolean;
  /** The call failed (no content). */
  readonly failed?: boolean;
}

export interface SampleSpread {
  readonly samples: number;
  /** Samples whose call failed. */
  readonly failedCalls: number;
  /** Different contents among the samples with content. */
  readonly distinctContents: number;
  /** Samples sharing the most common content (all of them when every sample gave the same text). */
  readonly largestIdenticalGroup: number;
  /** Length of the contents: least, median, most, and the interquartile range (undefined without content). */
  readonly length?: { readonly min: number; readonly median: number; readonly max: number; readonly interquartileRange: number };
  readonly passed: number;
  readonly failed: number;
  /** Checks passed in some samples and failed in others. */
  readonly flaky: boolean;
}

export function sampleSpread(samples: readonly SampleOutcome[]): SampleSpread {
  const groups = new Map<string, number>();
  const lengths: number[] = [];
  let failedCalls = 0;
  let passed = 0;
  let failed = 0;
  for (const sample of samples) {
    if (sample.failed === true) {
      failedCalls += 1;
    }
    if (sample.contentDigest !== undefined && sample.failed !== true) {
      groups.set(sample.contentDigest, (groups.get(sample.contentDigest) ?? 0) + 1);
    }
    if (sample.length !== undefined && Number.isFinite(sample.length) && sample.failed !== true) {
      lengths.push(sample.length);
    }
    if (sample.passed === true) {
      passed += 1;
    } else if (sample.passed === false) {
      failed += 1;
    }
  }
  lengths.sort((a, b) => a - b);
  return {
    samples: samples.length,
    failedCalls,
    distinctContents: groups.size,
    largestIdenticalGroup: Math.max(0, ...groups.values()),
    ...(lengths.length === 0
      ? {}
      : {
          length: {
            min: lengths[0] as number,
            median: quantileSorted(lengths, 0.5),
            max: lengths[lengths.length - 1] as number,
            interquartileRange: quantileSorted(lengths, 0.75) - quantileSorted(lengths, 0.25),
          },
        }),
    passed,
    failed,
    flaky: passed > 0 && failed > 0,
  };
}
