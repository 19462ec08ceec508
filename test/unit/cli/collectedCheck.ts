// gist-check run in this process with its output collected: what the CLI fixture runs, and what a
// child process runs when a test guards against a run that would hang or eat all memory.
import { runCheckCommand } from '../../../src/cli/checkCommand';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `gist-check <argv>` in `cwd`, with `env` as its whole environment. */
export async function collectedCheck(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCheckCommand({ argv, env, cwd, out: (text) => (stdout += text), err: (text) => (stderr += text), version: '0.0.0-test' });
  return { code, stdout, stderr };
}
