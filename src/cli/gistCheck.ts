// The gist-check program: `node gist-check.js [globs…] --base-url URL` (see cliArgs.ts). Built by
// esbuild into one file with everything it uses (dist/cli/gist-check.js), packed as the npm
// package gist-check (`npm run package:cli`). Ctrl+C stops new calls and reports what finished.
import { batchedOutput } from './batchedOutput';
import { runCheckCommand } from './checkCommand';
import { consoleText } from './consoleLines';

/** Set by esbuild from package.json; absent when run from the TypeScript build. */
declare const GIST_CHECK_VERSION: string | undefined;

const abort = new AbortController();
process.once('SIGINT', () => abort.abort());
process.once('SIGTERM', () => abort.abort());

const stdout = batchedOutput(process.stdout);
const stderr = (text: string): void => {
  stdout.flush();
  process.stderr.write(text);
};

runCheckCommand({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  out: stdout.write,
  err: stderr,
  version: typeof GIST_CHECK_VERSION === 'string' ? GIST_CHECK_VERSION : '0.0.0-dev',
  signal: abort.signal,
}).then(
  (code) => {
    stdout.flush();
    process.exitCode = code;
  },
  (error: unknown) => {
    stderr(`${consoleText(`gist-check: failed unexpectedly: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, [(process.env.GIST_API_KEY ?? '').trim()])}\n`);
    process.exitCode = 2;
  },
);
