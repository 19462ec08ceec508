// What a test file says once parsed: tests with their variables and checks, each with where it
// was written, so a failure can be shown at its line. Plain data plus compiled matchers. Pure.
import { type AssertionBaseType } from './assertionTypes';
import { type UserRegex } from './userRegex';
import { type SchemaValidator } from './jsonSchema';

/** A position as VS Code's `Position`: line and character from 0 (add 1 for people and CI annotations). */
export interface SourcePosition {
  readonly line: number;
  readonly character: number;
}

/** Where something was written: in the test file itself, or on a row of its `testsFile` CSV. */
export interface SourceRange {
  readonly file: 'testFile' | 'testsFile';
  readonly start: SourcePosition;
  readonly end: SourcePosition;
}

/** A mistake in a test file or its CSV, at its place: never a check that silently passes. */
export interface Problem {
  readonly message: string;
  readonly range: SourceRange;
}

/** How a count assertion (`word-count`, `character-count`) bounds its count. */
export type CountBound = { readonly exact: number } | { readonly min?: number; readonly max?: number };

/** What an assertion compares with, by kind. */
export type AssertionExpectation =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'texts'; readonly texts: readonly string[] }
  | { readonly kind: 'regex'; readonly source: string; readonly regex: UserRegex }
  | { readonly kind: 'schema'; readonly schema?: { readonly source: unknown; readonly validator: SchemaValidator } }
  | { readonly kind: 'threshold'; readonly threshold: number }
  | { readonly kind: 'distance'; readonly text: string; readonly threshold: number }
  | { readonly kind: 'count'; readonly bound: CountBound }
  /** `llm-rubric`: what a model is to find true of the output; with a threshold its score must reach too. */
  | { readonly kind: 'rubric'; readonly rubric: string; readonly threshold?: number };

/** One assertion, ready to run. */
export interface Assertion {
  readonly check: 'assertion';
  /** As written: `not-contains`. */
  readonly type: string;
  readonly baseType: AssertionBaseType;
  /** True for `not-…`. */
  readonly inverse: boolean;
  readonly expectation: AssertionExpectation;
  /** As promptfoo: undefined counts as 1; 0 makes a metric-only assertion that never fails. */
  readonly weight?: number;
  readonly metric?: string;
  readonly range: SourceRange;
}

/** promptfoo's `assert-set`: its assertions scored together, with its own threshold. */
export interface AssertionSet {
  readonly check: 'assert-set';
  readonly type: 'assert-set';
  readonly assert: readonly Assertion[];
  readonly threshold?: number;
  readonly weight?: number;
  readonly metric?: string;
  readonly range: SourceRange;
}

export type Check = Assertion | AssertionSet;

/** One test: the variables sent with the call and the checks on what comes back. */
export interface GistTest {
  /** Position among the file's tests, inline ones first, then the CSV rows; stable while the file is. */
  readonly index: number;
  readonly description?: string;
  /** `defaultTest.vars` with the test's own over them; a null-prototype record. */
  readonly vars: Readonly<Record<string, string>>;
  /** `defaultTest.assert` first, then the test's, as promptfoo orders them; `{{ var }}` filled in. */
  readonly assert: readonly Check[];
  /** The test's threshold, else `defaultTest`'s: pass when the weighted score reaches it. */
  readonly threshold?: number;
  readonly range: SourceRange;
}
