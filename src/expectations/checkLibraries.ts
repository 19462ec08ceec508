// The libraries checks run on, loaded on first use: RE2 (re2js) for regular expressions, Ajv for
// JSON Schemas and fastest-levenshtein for distances. Together they are ~300 KB that VS Code would
// otherwise load at every start (dist/extension.js); the extension bundles each into dist/lib/ and
// `import()` becomes a require of that file (LAZY_LIBRARIES in esbuild.mjs). Parsing and grading
// stay synchronous: whoever parses or grades (the Test Explorer, the command line, tests) awaits
// `loadCheckLibraries()` once first. Pure: no `vscode`.
import type AjvClass from 'ajv';
import type { RE2JS as Re2Class } from 're2js';

export interface CheckLibraries {
  readonly RE2JS: typeof Re2Class;
  readonly Ajv: typeof AjvClass;
  readonly distance: (a: string, b: string) => number;
}

let loaded: CheckLibraries | undefined;
let loading: Promise<CheckLibraries> | undefined;

/** Loads the libraries (once per process); parsing and grading need them. */
export function loadCheckLibraries(): Promise<CheckLibraries> {
  loading ??= Promise.all([import('re2js'), import('ajv'), import('fastest-levenshtein')]).then(([re2, ajv, levenshtein]) => {
    // Ajv is a CommonJS module whose class is both the module and its `default`.
    const Ajv = (ajv as unknown as { default?: typeof AjvClass }).default ?? (ajv as unknown as typeof AjvClass);
    loaded = { RE2JS: re2.RE2JS, Ajv, distance: levenshtein.distance };
    return loaded;
  });
  return loading;
}

/** The loaded libraries; throws when `loadCheckLibraries()` has not resolved yet (a bug in the caller). */
export function checkLibraries(): CheckLibraries {
  if (loaded === undefined) {
    throw new Error('Checks need their libraries: await loadCheckLibraries() before parsing or grading a test file.');
  }
  return loaded;
}
