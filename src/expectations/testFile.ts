// A parsed `*.gisttest.json`: the gist, its variants, the tests with their checks and where each
// was written, and the problems found. A test with a problem is listed (so the Test Explorer can
// show it at its line) but never run; a file-level problem (no gist, bad variants) stops the
// whole file. Pure: no `vscode`.
import { type GistTest, type Problem, type SourceRange } from './checkModel';
import { type CheckBuilder } from './buildChecks';
import { type CheckSpec } from './checkSpec';

/** A variant to run: its slug, or `null` for Automatic (the service draws one by its traffic allocation). */
export type VariantName = string | null;

/** A test that could not be read: shown with its problems, never run. */
export interface BrokenTest extends Omit<GistTest, 'assert' | 'vars' | 'threshold'> {
  readonly problems: readonly Problem[];
}

export type TestEntry = ({ readonly ok: true } & GistTest) | ({ readonly ok: false } & BrokenTest);

/** What CSV rows need from the file: `defaultTest`, and the compiled matchers to share. */
export interface TestDefaults {
  readonly vars: Readonly<Record<string, string>>;
  readonly checks: readonly CheckSpec[];
  readonly threshold?: number;
  readonly builder: CheckBuilder;
}

export interface GistTestFile {
  /** The gist's id; undefined when the file has none (a problem says so). */
  readonly gist?: string;
  readonly gistRange?: SourceRange;
  readonly description?: string;
  /** The variants to run; undefined: the catalog's variants for the gist, else Automatic. */
  readonly variants?: readonly VariantName[];
  /** Runs of each test per variant (promptfoo's `--repeat`); 1 unless the file says more. */
  readonly repeat: number;
  /** The inline tests, in order (index 0…); CSV rows come after them (`testFromCsvRow`). */
  readonly tests: readonly TestEntry[];
  /** The CSV whose rows are more tests, relative to the test file, as written. */
  readonly testsFile?: { readonly path: string; readonly range: SourceRange };
  /** Every problem, file-level and per test, for diagnostics. */
  readonly problems: readonly Problem[];
  /** False when a file-level problem means no test of this file can run. */
  readonly runnable: boolean;
  readonly defaults: TestDefaults;
}
