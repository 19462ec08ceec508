// Runs npm under a chosen Node binary (the one a VS Code server runs on), for the installs in
// install.ts and installOffline.ts.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';

/** npm's own CLI script, so it can be run by a chosen Node binary. */
function npmCli(): string {
  const fromNpmRun = process.env.npm_execpath;
  if (fromNpmRun !== undefined && fromNpmRun.endsWith('.js') && existsSync(fromNpmRun)) {
    return fromNpmRun;
  }
  const onPath = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
  return path.resolve(path.dirname(realpathSync(onPath)), 'npm-cli.js');
}

/** Runs npm under `node` (the server's Node binary), with a clean npm environment. */
export function runNpm(node: string, cwd: string, args: readonly string[], extraEnv: Record<string, string>, log: (line: string) => void): Promise<void> {
  // Variables left by an outer `npm run` (npm_node_execpath, npm_config_*) would make the
  // install scripts run under the outer Node; drop them.
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== 'NODE'));
  Object.assign(env, extraEnv, { PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}` });
  const started = Date.now();
  // npm is silent for minutes while it builds; say that it is still working.
  const heartbeat = setInterval(() => log(`… still installing (${Math.round((Date.now() - started) / 1000)} s)`), 30_000);
  return new Promise<void>((resolve, reject) => {
    const child = spawn(node, [npmCli(), ...args], { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm ${args.join(' ')} failed with exit code ${String(code)} in ${cwd}`))));
  }).finally(() => clearInterval(heartbeat));
}

/** Installs `spec` into `<dir>/node_modules`, with a throwaway package.json of its own. */
export async function installPackage(node: string, dir: string, spec: string, env: Record<string, string>, log: (line: string) => void): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'vscode-test-cache', private: true }) + '\n');
  await runNpm(node, dir, ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock', spec], env, log);
}
