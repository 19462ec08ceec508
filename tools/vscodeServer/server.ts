// Starts the VS Code server on 127.0.0.1 with fresh data and extension folders, and stops it
// (its whole process group, extension host included).
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort, portOrFree } from './freePort';
import { CURRENT_VSCODE, type VsCodeTarget } from './vscodeTargets';

export interface ServerOptions {
  /** Which VS Code (vscodeTargets.ts); default the current one. */
  readonly vscode?: VsCodeTarget;
  /** Extra environment for the server and so for the extension host (service URL, results file). */
  readonly env: Record<string, string>;
  /** Variables of this process's environment the server must not inherit. */
  readonly unsetEnv?: readonly string[];
  /** User settings, written to <server-data-dir>/data/User/settings.json: the ones the workbench reads (see settings.ts). */
  readonly userSettings?: Record<string, unknown>;
  /**
   * Remote machine settings (<server-data-dir>/data/Machine/settings.json): they override user
   * settings for window and resource scoped keys only; application scoped keys are ignored there.
   */
  readonly machineSettings?: Record<string, unknown>;
  readonly logFile: string;
  /** Append to `logFile` (a run that starts a server per scenario keeps every start in one log); default: start it anew. */
  readonly appendLog?: boolean;
  /** Preferred port (a free one if it is taken); default any free port. */
  readonly port?: number;
  /** `.vsix` files installed with --install-extension before the server starts. */
  readonly installExtensions?: readonly string[];
  /**
   * An extensions folder to use as it is (see `installExtensions()`), kept when the server stops:
   * a run that starts a server per scenario installs its package once. Default: a fresh one.
   */
  readonly extensionsDir?: string;
  /**
   * Keep Workspace Trust on (no --disable-workspace-trust), so the folder opens in Restricted
   * Mode: the browser profile is fresh and has trusted nothing. Default off: every folder is trusted.
   */
  readonly workspaceTrust?: boolean;
  /**
   * A folder for the server's data and extensions that outlives this start (the caller removes
   * it), so the next start finds what this one left (the extensions' global storage). Default: a
   * fresh one, removed on stop.
   */
  readonly keepRoot?: string;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly extensionsDir: string;
  stop(): Promise<void>;
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The VS Code server exited with code ${child.exitCode} while starting; see its log.`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) {
        return;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The VS Code server did not answer at ${url} within ${timeoutMs / 1000} s.`);
}

function runToCompletion(vscode: VsCodeTarget, args: readonly string[], env: NodeJS.ProcessEnv, log: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(vscode.nodeBin, [vscode.serverMain, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`server ${args.join(' ')} exited with ${String(code)}`))));
  });
}

async function installWith(vscode: VsCodeTarget, dirs: readonly string[], vsixes: readonly string[], env: NodeJS.ProcessEnv, log: NodeJS.WritableStream): Promise<void> {
  for (const vsix of vsixes) {
    await runToCompletion(vscode, [...dirs, '--accept-server-license-terms', '--install-extension', vsix, '--force'], env, log);
  }
}

/** Installs `.vsix` files into `extensionsDir` once, for servers started with that `extensionsDir`. */
export async function installExtensions(vscode: VsCodeTarget, extensionsDir: string, vsixes: readonly string[], logFile: string): Promise<void> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'gist-vscode-install-'));
  const log = createWriteStream(logFile, { flags: 'a' });
  try {
    await fs.mkdir(extensionsDir, { recursive: true });
    await installWith(vscode, ['--server-data-dir', path.join(root, 'data'), '--extensions-dir', extensionsDir], vsixes, process.env, log);
  } finally {
    log.end();
    await fs.rm(root, { recursive: true, force: true });
  }
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const vscode = options.vscode ?? CURRENT_VSCODE;
  const root = options.keepRoot ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'gist-vscode-')));
  const dataDir = path.join(root, 'data');
  const extensionsDir = options.extensionsDir ?? path.join(root, 'extensions');
  for (const [scope, settings] of [['User', options.userSettings], ['Machine', options.machineSettings]] as const) {
    await fs.mkdir(path.join(dataDir, 'data', scope), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'data', scope, 'settings.json'), JSON.stringify(settings ?? {}, null, 2));
  }
  await fs.mkdir(extensionsDir, { recursive: true });
  const port = options.port === undefined ? await freePort() : await portOrFree(options.port);
  const log = createWriteStream(options.logFile, { flags: options.appendLog === true ? 'a' : 'w' });
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
  for (const name of options.unsetEnv ?? []) {
    delete env[name];
  }
  const dirs = ['--server-data-dir', dataDir, '--extensions-dir', extensionsDir];
  await installWith(vscode, dirs, options.installExtensions ?? [], env, log);
  const child = spawn(
    vscode.nodeBin,
    [
      vscode.serverMain,
      '--host', '127.0.0.1',
      '--port', String(port),
      '--without-connection-token',
      '--accept-server-license-terms',
      ...(vscode.smokeTestDriver ? ['--enable-smoke-test-driver'] : []),
      ...(options.workspaceTrust === true ? [] : ['--disable-workspace-trust']),
      '--disable-telemetry',
      ...dirs,
    ],
    // Its own process group, so stopping it also stops the extension host and its children.
    { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  // Last resort if the harness exits without stop() (a crash, a second Ctrl+C): the server is
  // in its own process group, so nothing else would end it.
  const killOnExit = (): void => {
    try {
      // Never -0: that would be the harness's own process group.
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', killOnExit);
  const url = `http://127.0.0.1:${port}`;
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      if (child.exitCode === null && child.pid !== undefined) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // Already gone.
        }
        const pid = child.pid;
        const killTimer = setTimeout(() => {
          try {
            process.kill(-pid, 'SIGKILL');
          } catch {
            // Already gone.
          }
        }, 3000);
        await exited;
        clearTimeout(killTimer);
        // Sweep whatever of the group outlived the server (an extension host still shutting down).
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // The group is empty.
        }
      }
      process.off('exit', killOnExit);
      log.end();
      if (options.keepRoot === undefined) {
        await fs.rm(root, { recursive: true, force: true });
      }
    })();
    return stopped;
  };
  try {
    await waitForHttp(url, child, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, extensionsDir, stop };
}
