// The command line of gist-check: test file globs and options, checked before anything is read or
// sent. The key is never an option (options end up in shell history and CI logs): it comes from
// GIST_API_KEY only. Pure Node.
import { parseArgs } from 'node:util';
import { DEFAULT_LAB_CONCURRENCY, DEFAULT_LAB_RETRIES, DEFAULT_MAX_CALLS, MAX_LAB_CONCURRENCY, MAX_LAB_RETRIES, MAX_RUN_CALLS, MIN_LAB_CONCURRENCY } from '../shared/limits';

export const USAGE = `Usage: gist-check [globs…] --base-url URL [options]

Runs the checks of *.gisttest.json files against your gist service.
The API key is read from the environment variable GIST_API_KEY (never an option).

  globs                    Test files to run (default: **/*.gisttest.json, node_modules left out)
  --base-url URL           The gist service, e.g. https://gists.example.com (or GIST_BASE_URL)
  --api-key-header NAME    The header that carries the key (default SERVICE-API-KEY)
  --junit FILE             Also write the results as JUnit XML
  --results PATH           Also write a results file (.gistrun.jsonl) with each cell's assertions;
                           with several test files, PATH is a folder
  --pass-rate RATE         Pass when at least this share of test × variant cells pass (0 to 1; default 1)
  --concurrency N          Calls at once at most, 1 to 512 (default 256): a ceiling;
                           the run finds the service's capacity under it
  --max-retries N          Retries of a call after a 429, 5xx or network failure, 0 to 10 (default 3)
  --timeout SECONDS        Time limit of one call, 1 to 600 (default 60)
  --max-calls N            Refuse a run of more calls than this (tests × variants × samples, all files
                           together), counted before any call, 1 to ${MAX_RUN_CALLS.toLocaleString('en-US')} (default ${DEFAULT_MAX_CALLS.toLocaleString('en-US')})
  --root FOLDER            The folder test files and their CSVs must stay inside (default: the current one)
  --version, --help

Exit code: 0 every check passed (or the pass rate was reached), 1 checks failed,
2 the checks could not run (bad arguments or test files, no key, the service unreachable).
In GitHub Actions (GITHUB_ACTIONS=true) failures are annotated at their line and a summary
goes to $GITHUB_STEP_SUMMARY.`;

export interface CheckArgs {
  readonly globs: readonly string[];
  readonly baseUrl: string | undefined;
  readonly apiKeyHeader: string;
  readonly junit: string | undefined;
  readonly results: string | undefined;
  readonly passRate: number;
  readonly concurrency: number;
  readonly maxRetries: number;
  readonly timeoutMs: number;
  /** The most calls the run may make; a run of more is refused before any call. */
  readonly maxCalls: number;
  readonly root: string | undefined;
}

export type ParsedArgs = { readonly kind: 'run'; readonly args: CheckArgs } | { readonly kind: 'help' } | { readonly kind: 'version' } | { readonly kind: 'error'; readonly message: string };

function number(text: string | undefined, name: string, min: number, max: number, integer: boolean): number | string | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    return `--${name} takes ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}, not "${text.slice(0, 40)}".`;
  }
  return value;
}

export function parseCheckArgs(argv: readonly string[], env: NodeJS.ProcessEnv): ParsedArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        'base-url': { type: 'string' },
        'api-key-header': { type: 'string' },
        junit: { type: 'string' },
        results: { type: 'string' },
        'pass-rate': { type: 'string' },
        concurrency: { type: 'string' },
        'max-retries': { type: 'string' },
        timeout: { type: 'string' },
        'max-calls': { type: 'string' },
        root: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Someone trying to pass the key as a flag gets told where it goes instead.
    return { kind: 'error', message: /api-key'|--key\b|--token\b/.test(message) ? 'The API key is never an option (it would stay in shell history and CI logs): set the environment variable GIST_API_KEY.' : message };
  }
  const { values, positionals } = parsed;
  if (values.help === true) return { kind: 'help' };
  if (values.version === true) return { kind: 'version' };
  const passRate = number(values['pass-rate'], 'pass-rate', 0, 1, false) ?? 1;
  const concurrency = number(values.concurrency, 'concurrency', MIN_LAB_CONCURRENCY, MAX_LAB_CONCURRENCY, true) ?? DEFAULT_LAB_CONCURRENCY;
  const maxRetries = number(values['max-retries'], 'max-retries', 0, MAX_LAB_RETRIES, true) ?? DEFAULT_LAB_RETRIES;
  const timeout = number(values.timeout, 'timeout', 1, 600, false) ?? 60;
  const maxCalls = number(values['max-calls'], 'max-calls', 1, MAX_RUN_CALLS, true) ?? DEFAULT_MAX_CALLS;
  for (const checked of [passRate, concurrency, maxRetries, timeout, maxCalls]) {
    if (typeof checked === 'string') return { kind: 'error', message: checked };
  }
  return {
    kind: 'run',
    args: {
      globs: positionals,
      baseUrl: values['base-url'] ?? (env.GIST_BASE_URL !== undefined && env.GIST_BASE_URL !== '' ? env.GIST_BASE_URL : undefined),
      apiKeyHeader: values['api-key-header'] ?? 'SERVICE-API-KEY',
      junit: values.junit,
      results: values.results,
      passRate: passRate as number,
      concurrency: concurrency as number,
      maxRetries: maxRetries as number,
      timeoutMs: (timeout as number) * 1000,
      maxCalls: maxCalls as number,
      root: values.root,
    },
  };
}
