// Installs the VS Code server on first use into .vscode-test/ (git-ignored) and reuses it after.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { CACHE_DIR, CODE_SERVER_PACKAGE, INSTALL_MARKER, NODE_BIN, NODE_DIR, NODE_PACKAGE, NODE_PACKAGE_DIR, SERVER_DIR, SERVER_MAIN } from './paths';
import { withInstallLock } from './installLock';
import { checkBuildPrerequisites } from './prerequisites';

interface Marker {
  readonly node: string;
  readonly codeServer: string;
}

/** npm's own CLI script, so it can be run by a chosen Node binary. */
function npmCli(): string {
  const fromNpmRun = process.env.npm_execpath;
  if (fromNpmRun !== undefined && fromNpmRun.endsWith('.js') && existsSync(fromNpmRun)) {
    return fromNpmRun;
  }
  const onPath = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
  return path.resolve(path.dirname(realpathSync(onPath)), 'npm-cli.js');
}

/** Runs npm under `node` (the Node 24 binary for the server), with a clean npm environment. */
function runNpm(node: string, cwd: string, args: readonly string[], extraEnv: Record<string, string>, log: (line: string) => void): Promise<void> {
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

async function installPackage(node: string, dir: string, spec: string, env: Record<string, string>, log: (line: string) => void): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'vscode-test-cache', private: true }) + '\n');
  await runNpm(node, dir, ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock', spec], env, log);
}

/** False when Node 24 is missing or was left half-installed by an interrupted run. */
function nodeRuns(): boolean {
  try {
    return execFileSync(NODE_BIN, ['--version'], { encoding: 'utf8' }).startsWith('v24.');
  } catch {
    return false;
  }
}

async function readMarker(): Promise<Marker | undefined> {
  try {
    return JSON.parse(await fs.readFile(INSTALL_MARKER, 'utf8')) as Marker;
  } catch {
    return undefined;
  }
}

/** Makes sure Node 24 and the VS Code server are installed; returns quickly when they are. */
export async function ensureInstalled(log: (line: string) => void): Promise<void> {
  if (await installed()) {
    return;
  }
  checkBuildPrerequisites();
  // Checked again under the lock: the run we waited for may have installed it.
  await withInstallLock(CACHE_DIR, log, async () => {
    if (!(await installed())) {
      await install(log);
    }
  });
}

async function installed(): Promise<boolean> {
  const marker = await readMarker();
  return marker?.node === NODE_PACKAGE && marker.codeServer === CODE_SERVER_PACKAGE && existsSync(NODE_BIN) && existsSync(SERVER_MAIN);
}

async function install(log: (line: string) => void): Promise<void> {
  const started = Date.now();
  if (!nodeRuns()) {
    log(`Installing ${NODE_PACKAGE} into ${NODE_DIR} …`);
    await installPackage(process.execPath, NODE_DIR, NODE_PACKAGE, {}, log);
  }
  log(`Installing ${CODE_SERVER_PACKAGE} into ${SERVER_DIR} (builds native modules with Node 24; about 3 minutes) …`);
  // npm under Node 24, with its headers for node-gyp: the server's native modules must match it.
  await installPackage(NODE_BIN, SERVER_DIR, CODE_SERVER_PACKAGE, { npm_config_nodedir: NODE_PACKAGE_DIR }, log);
  if (!existsSync(SERVER_MAIN)) {
    throw new Error(`${CODE_SERVER_PACKAGE} installed, but ${SERVER_MAIN} is missing.`);
  }
  await fs.writeFile(INSTALL_MARKER, JSON.stringify({ node: NODE_PACKAGE, codeServer: CODE_SERVER_PACKAGE } satisfies Marker) + '\n');
  log(`VS Code server installed in ${Math.round((Date.now() - started) / 1000)} s.`);
}
