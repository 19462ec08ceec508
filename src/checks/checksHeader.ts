// The header of a check run's results file: the lab's format, its "data" being the test file
// (format `gisttest`, one row per test), and the `checks` extension declared so every result line
// can carry its grade. Pure Node: no `vscode`.
import { CHECKS_EXTENSION, CHECKS_EXTENSION_VERSION, TEST_FILE_FORMAT } from '../runs/checksMember';
import { relativeDataPath, RESULTS_FORMAT, RESULTS_VERSION, type RunHeader } from '../runs/resultsFormat';
import type { VariantChoice } from '../runs/variants';
import type { LoadedTestFile } from './testFileLoad';

export interface ChecksHeaderOptions {
  readonly resultsPath: string;
  readonly variants: readonly VariantChoice[];
  readonly profile: string | null;
  readonly host: string;
  readonly tool: { readonly name: string; readonly version: string };
  readonly startedAt?: string;
}

export function checksHeader(loaded: LoadedTestFile, options: ChecksHeaderOptions): RunHeader {
  return {
    type: 'header',
    format: RESULTS_FORMAT,
    version: RESULTS_VERSION,
    gist: loaded.file.gist ?? '',
    variants: options.variants,
    samples: loaded.file.repeat,
    data: { path: relativeDataPath(options.resultsPath, loaded.path), sha256: loaded.sha256, format: TEST_FILE_FORMAT, rows: loaded.tests.length },
    mapping: {},
    profile: options.profile,
    host: options.host,
    startedAt: options.startedAt ?? new Date().toISOString(),
    tool: options.tool,
    extensions: { [CHECKS_EXTENSION]: CHECKS_EXTENSION_VERSION },
  };
}

/** `welcome.gisttest.json` → `welcome.gistrun.jsonl`, beside it. */
export function resultsPathForTestFile(testFile: string): string {
  return testFile.replace(/(\.gisttest)?\.json$/i, '') + '.gistrun.jsonl';
}
