// One test file's tests run on its variants through the lab's engine (concurrency, Retry-After,
// bounded retries, cancellation), each finished call graded at once and handed on; optionally each
// cell also written to a results file with its grade under the `checks` extension. The Test
// Explorer and the command line both run checks through this. Pure Node: no `vscode`.
import type { GistError } from '../client/errors';
import type { GistTest, SourceRange } from '../expectations/checkModel';
import { gradeTest, type TestGrade } from '../expectations/gradeTest';
import type { CallOutcome } from '../expectations/runAssertion';
import { cellResultOf } from '../runs/cellResult';
import { CHECKS_EXTENSION, checksMemberOf } from '../runs/checksMember';
import { runCells, type CallFunction, type EngineOptions, type EngineRow, type FinishedCall, type RunOutcome } from '../runs/engine';
import type { ResultsWriter } from '../runs/resultsWriter';
import type { VariantChoice } from '../runs/variants';
import { testLabel } from './checkNames';
import type { LoadedTestFile } from './testFileLoad';

/** One cell's outcome: the call, and its grade when the call succeeded (a failed call is an error, not a failed test). */
export interface CheckOutcome {
  readonly test: GistTest;
  readonly label: string;
  readonly variant: VariantChoice;
  readonly variantIndex: number;
  /** From 1 to the file's `repeat`. */
  readonly sample: number;
  readonly call: FinishedCall;
  readonly grade: TestGrade | undefined;
  readonly error: GistError | undefined;
}

export interface CheckRunOptions extends Pick<EngineOptions, 'concurrency' | 'maxRetries' | 'retry' | 'signal' | 'onProgress' | 'progressIntervalMs' | 'cancelGraceMs' | 'clock' | 'random'> {
  readonly loaded: LoadedTestFile;
  readonly variants: readonly VariantChoice[];
  readonly call: CallFunction;
  /** Which cells to run (the Test Explorer runs what the user picked); default every cell of every runnable test. */
  readonly include?: (testIndex: number, variantIndex: number, sample: number) => boolean;
  /** A cell's call is about to be sent (its first attempt). */
  readonly onCellStarted?: (testIndex: number, variantIndex: number, sample: number) => void;
  /** Each graded (or failed) cell, as it finishes. A rejection stops the run. */
  readonly onOutcome: (outcome: CheckOutcome) => void | Promise<void>;
  /** A results file already holding its header: every finished cell is appended with its grade. */
  readonly results?: ResultsWriter;
  /**
   * Finishes a grade that model-graded assertions left pending (gradeWithModel with the model the
   * user picked, or gradeWithoutModel); without it such a grade stays pending, which reports as an error.
   */
  readonly finishGrade?: (test: GistTest, call: CallOutcome) => Promise<TestGrade>;
}

/** The line (from 1) where a test was written: in the test file, or the CSV row's. */
export function lineOf(range: SourceRange): number {
  return range.start.line + 1;
}

/** The runnable tests of a file (none when a file-level problem stops it). */
export function runnableTests(loaded: LoadedTestFile): GistTest[] {
  if (!loaded.file.runnable) return [];
  return loaded.tests.filter((test): test is GistTest & { ok: true } => test.ok);
}

/** The cells `include` lets through: how many calls the run makes. */
export function countCells(loaded: LoadedTestFile, variants: number, include?: CheckRunOptions['include']): number {
  let cells = 0;
  for (const test of runnableTests(loaded)) {
    for (let variant = 0; variant < variants; variant++) {
      for (let sample = 1; sample <= loaded.file.repeat; sample++) {
        if (include === undefined || include(test.index, variant, sample)) cells += 1;
      }
    }
  }
  return cells;
}

/** The rows as the engine takes them: one batch, already in memory. */
function oneBatch(rows: readonly EngineRow[]): AsyncIterable<readonly EngineRow[]> {
  return {
    [Symbol.asyncIterator]: () => {
      let done = false;
      return { next: () => Promise.resolve(done ? { done: true, value: undefined } : ((done = true), { done: false, value: rows })) };
    },
  };
}

export async function runTestFile(options: CheckRunOptions): Promise<RunOutcome> {
  const { loaded } = options;
  const tests = runnableTests(loaded);
  const byRow = new Map<number, GistTest>(tests.map((test) => [test.index + 1, test]));
  const inline = loaded.file.tests.length;
  const rows: EngineRow[] = tests.map((test) => ({ kind: 'row', row: test.index + 1, line: lineOf(test.range), values: test.vars }));
  const include = options.include;
  return runCells({
    ...options,
    gistId: loaded.file.gist ?? '',
    variants: options.variants,
    samples: loaded.file.repeat,
    rows: oneBatch(rows),
    total: countCells(loaded, options.variants.length, include),
    ...(include !== undefined ? { include: (row: number, variant: number, sample: number) => include(row - 1, variant, sample) } : {}),
    ...(options.onCellStarted !== undefined ? { onCellStarted: (row: number, variant: number, sample: number) => options.onCellStarted?.(row - 1, variant, sample) } : {}),
    sink: {
      // Synchronous unless a grade waits for a model or onOutcome returns a promise: the engine then
      // hands on the next result without waiting a turn for each (as the lab's writer does).
      result: (call) => {
        const test = byRow.get(call.row);
        if (test === undefined) return undefined;
        const outcome: CallOutcome | undefined = call.result === undefined ? undefined : { output: call.result.content, latencyMs: call.latencyMs };
        const grade = outcome === undefined ? undefined : gradeTest(test.assert, test.threshold, outcome);
        const handOn = (finished: TestGrade | undefined): void | Promise<void> => {
          const label = testLabel(test, inline);
          if (options.results !== undefined) {
            const line = cellResultOf(call);
            options.results.append(finished === undefined ? line : { ...line, extensions: { [CHECKS_EXTENSION]: checksMemberOf(finished, label) } });
          }
          return options.onOutcome({ test, label, variant: call.variant, variantIndex: call.variantIndex, sample: call.sample, call, grade: finished, error: call.error });
        };
        if (outcome !== undefined && (grade?.pending ?? 0) > 0 && options.finishGrade !== undefined) return options.finishGrade(test, outcome).then(handOn);
        return handOn(grade);
      },
      // Every row is a test that was read: none is a row error.
      rowError: () => undefined,
    },
    ...(options.results !== undefined ? { backpressure: () => (options.results!.pendingBytes > 8 * 1024 * 1024 ? options.results!.flushed() : undefined) } : {}),
  });
}
