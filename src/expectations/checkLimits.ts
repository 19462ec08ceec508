// Every size limit of checks in one place. Test files and their CSV data are workspace content
// (a cloned repository's), and outputs come from the service: both are capped before any work
// that grows with them, so neither can stall the extension host or the CLI. Pure: no `vscode`.

/** A `*.gisttest.json` larger than this is not parsed (1,000 tests with a few checks each take ~300 KiB). */
export const MAX_TEST_FILE_BYTES = 2 * 1024 * 1024;
/** Tests of one file, counting its CSV rows; the rest are refused with one problem. */
export const MAX_TESTS_PER_FILE = 10_000;
/** Assertions of one test, sets and their members included, `defaultTest`'s too. */
export const MAX_ASSERTIONS_PER_TEST = 100;
/** Variables of one test (as for the language model tools' calls). */
export const MAX_VARS_PER_TEST = 64;
/** One variable's value and one expected text (`value` of equals, contains…, levenshtein). */
export const MAX_VALUE_CHARS = 64 * 1024;
/** Characters of an `llm-rubric`'s rubric: the grading prompt carries it whole. */
export const MAX_RUBRIC_CHARS = 4_000;
/** Variants named by one file. */
export const MAX_VARIANTS_PER_FILE = 32;
/** How many times a file may ask each test to run per variant (`repeat`). */
export const MAX_REPEAT = 100;
/** A regular expression's source; RE2 also refuses programs that nest repetitions past 1,000. */
export const MAX_REGEX_CHARS = 4 * 1024;
/** A JSON Schema (as JSON text) and its nesting: Ajv compiles untrusted schemas recursively. */
export const MAX_SCHEMA_CHARS = 64 * 1024;
export const MAX_SCHEMA_DEPTH = 32;
/**
 * Subschemas that may apply to one value of an output once a schema's `$ref`s are followed
 * (schemaWork.ts). A 1 MB output holds at most ~500,000 values; at 100 checks each Ajv takes
 * ~150 ms on that worst case, and an output of a language model (~20 bytes a value) stays
 * within tens of milliseconds. A oneOf of some 40 definitions still fits.
 */
export const MAX_SCHEMA_CHECKS_PER_VALUE = 100;
/**
 * Subschemas over all the places of a value, `$ref`s followed: bounds the walk that counts them,
 * and the code Ajv compiles for a definition it copies into each place that uses it.
 */
export const MAX_SCHEMA_CHECKS = 10_000;
/** Problems reported for one file; past this one more says how many were left out. */
export const MAX_PROBLEMS_PER_FILE = 200;
/** A result's reason, and one quoted excerpt of outside text inside it. */
export const MAX_REASON_CHARS = 1_000;
export const MAX_EXCERPT_CHARS = 200;
/** Expected and actual text kept with a result for a diff. */
export const MAX_DIFF_CHARS = 64 * 1024;
/** A description or metric name. */
export const MAX_LABEL_CHARS = 1_000;
/**
 * contains-json tries each `{` of the output as the start of an object, as promptfoo does; an
 * output full of braces could make that quadratic, so the characters scanned and parsed are counted.
 */
export const MAX_JSON_SCAN_CHARS = 4 * 1024 * 1024;
/** Items of a contains-any / contains-all list: each is searched for in the whole output. */
export const MAX_LIST_ITEMS = 1_000;
/**
 * The work one assertion may do on one output, in the steps of assertionWork.ts (each about a
 * nanosecond of the extension host's thread on a slow, shared two-core machine): work is estimated
 * from the output and the assertion before it is done, and an assertion over this fails saying
 * why, so none blocks the extension host for more than some 50 ms, whatever the test file and the
 * output (up to the client's 16 MiB). Within it: a 1 MB output searched for a text, 4 MB counted,
 * ~800 KB parsed as JSON, a regular expression of 40 RE2 instructions over 5 MB, levenshtein of
 * 8,000 × 8,000 characters, uniqueItems over ~500 distinct small objects (~750 strings).
 */
export const MAX_ASSERTION_WORK = 40_000_000;
/** The longest object contains-json looks for, as promptfoo's `maxJsonLength`. */
export const MAX_JSON_OBJECT_CHARS = 100_000;
