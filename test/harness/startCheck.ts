// `node out/test/harness/startCheck.js`: checks `npm start` the way a newcomer uses it. Runs
// start.js (the .vsix must exist), opens the URL it prints, waits for the extension's status bar
// item, then sends Ctrl+C (SIGINT) and checks that the VS Code server and the service are gone.
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { openBrowser } from './browser';
import { freePort } from '../../tools/vscodeServer/freePort';
import { REPO_ROOT, RESULTS_DIR } from '../../tools/vscodeServer/paths';

const LIMIT_MS = 120_000;
/** Stopped with SIGTERM on failure, so its server never outlives the check. */
let started: ChildProcess | undefined;

function say(line: string): void {
  process.stdout.write(`[start-check] ${line}\n`);
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const [port, servicePort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'out', 'tools', 'vscodeServer', 'start.js'), '--port', String(port), '--service-port', String(servicePort)], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started = child;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const printed = new Promise<{ workbench: string; service: string }>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const workbench = /Open VS Code:\s+(\S+)/.exec(output)?.[1];
      const service = /Gist service:\s+(\S+)/.exec(output)?.[1];
      if (workbench !== undefined && service !== undefined) resolve({ workbench, service });
    });
    void exited.then((code) => reject(new Error(`npm start exited with ${String(code)} before printing the URL:\n${output}`)));
  });
  const { workbench, service } = await printed;
  say(`npm start printed ${workbench}`);
  if (!/Demo API key:\s+gk_demo_ada/.test(output)) throw new Error(`npm start did not print the demo key:\n${output}`);
  const browser = await openBrowser(() => undefined);
  try {
    await browser.page.goto(workbench);
    // The installed extension activates on startup and shows its sign-in item.
    await browser.page.locator('.statusbar-item', { hasText: 'Gist' }).first().waitFor({ timeout: 60_000 });
    say('the workbench shows the Gist status bar item');
  } catch (error) {
    await browser.page.screenshot({ path: path.join(RESULTS_DIR, 'start-check-failure.png') }).catch(() => undefined);
    throw error;
  } finally {
    await browser.close();
  }
  child.kill('SIGINT');
  const code = await exited;
  if (code !== 0) throw new Error(`npm start exited with ${String(code)} after Ctrl+C`);
  for (const url of [service, `http://127.0.0.1:${port}`]) {
    if (await answers(url)) throw new Error(`${url} still answers after Ctrl+C`);
  }
  say('Ctrl+C stopped the VS Code server and the gist service');
}

function fail(reason: string): void {
  say(`failed: ${reason}`);
  if (started?.exitCode === null) {
    started.once('exit', () => process.exit(1));
    started.kill('SIGTERM');
    setTimeout(() => process.exit(1), 10_000).unref();
  } else {
    process.exit(1);
  }
}

const limit = setTimeout(() => fail(`no result within ${LIMIT_MS / 1000} s`), LIMIT_MS);
main().then(
  () => {
    clearTimeout(limit);
    say('passed');
    process.exit(0);
  },
  (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
);
