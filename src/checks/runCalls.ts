// How many calls a run of checks makes, counted from the test files before any call is sent: per
// file, its runnable tests × variants × samples (`repeat`), summed over the run. gist-check and the
// Test Explorer both refuse or ask on this count (limits.ts says where the lines are), so it is
// counted by multiplying, never by walking the cells (a hostile file has 32 million). Pure: no `vscode`.
import { runnableTests } from './checkRun';
import type { LoadedTestFile } from './testFileLoad';
import type { GistTest } from '../expectations/checkModel';

/** One file's share of a run: what the count multiplies, for the message that states it. */
export interface FileCalls {
  /** The file as the message names it. */
  readonly file: string;
  readonly tests: number;
  readonly variants: number;
  readonly samples: number;
}

/** A file's calls: its runnable tests (less those `skip` leaves out: llm-rubric on the command line) × its variants × its samples. */
export function fileCalls(file: string, loaded: LoadedTestFile, variants: number, skip?: (test: GistTest) => boolean): FileCalls {
  const tests = runnableTests(loaded).filter((test) => skip === undefined || !skip(test)).length;
  return { file, tests, variants, samples: loaded.file.repeat };
}

export function callsOf(file: FileCalls): number {
  return file.tests * file.variants * file.samples;
}

/** Every call of the run, all files together. */
export function runCalls(files: readonly FileCalls[]): number {
  return files.reduce((sum, file) => sum + callsOf(file), 0);
}

function counted(count: number, one: string, several: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : several}`;
}

/** "big.gisttest.json: 10,000 tests × 32 variants × 100 samples" for the files that order the most calls, largest first (at most `shown`). */
export function callsBreakdown(files: readonly FileCalls[], shown = 3): string {
  const ordered = [...files].filter((file) => callsOf(file) > 0).sort((a, b) => callsOf(b) - callsOf(a));
  const parts = ordered.slice(0, shown).map((file) => `${file.file}: ${counted(file.tests, 'test', 'tests')} × ${counted(file.variants, 'variant', 'variants')} × ${counted(file.samples, 'sample', 'samples')}`);
  const rest = ordered.length - parts.length;
  return rest > 0 ? `${parts.join('; ')}; and ${counted(rest, 'other file', 'other files')}` : parts.join('; ');
}
