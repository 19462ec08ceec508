// `npm start`: the extension as a user meets it, in one command. Starts the local gist service
// with its demo keys and gists, and a VS Code server with the packaged extension installed (the
// marketplace path) and gist.baseUrl pointed at the service; prints the URL to open and a demo
// key. Ctrl+C stops everything.
// Flags: --port n (VS Code, default 8790), --service-port n (default 8787); a taken port falls
// back to a free one. The service's realistic mode passes through: --realistic [--rate 20 …]
// (tools/service/realisticFlags.ts), with --seed n.
import { existsSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { REALISTIC_FLAGS, describeRealistic, realisticFromFlags } from '../service/realisticFlags';
import { startOnPortOrFree } from '../service/startOnPort';
import { Cleanup } from './cleanup';
import { ensureInstalled } from './install';
import { CACHE_DIR, FIXTURE_WORKSPACE, REPO_ROOT, RESULTS_DIR } from './paths';
import { startServer } from './server';
import { QUIET_SETTINGS } from './settings';

const VSIX = path.join(REPO_ROOT, 'gist-generate.vsix');
/** Kept between runs, so what you generate there is still there next time. */
const PLAYGROUND = path.join(CACHE_DIR, 'playground');

function say(line: string): void {
  process.stdout.write(`[start] ${line}\n`);
}

function port(text: string | undefined, fallback: number): number {
  const value = Number(text ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    throw new Error(`A port is a whole number from 0 to 65535, got "${String(text)}".`);
  }
  return value;
}

async function main(cleanup: Cleanup): Promise<void> {
  const { values } = parseArgs({ options: { port: { type: 'string' }, 'service-port': { type: 'string' }, seed: { type: 'string' }, ...REALISTIC_FLAGS } });
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !(Number.isInteger(seed) && seed >= 0)) throw new Error(`--seed must be a non-negative integer, got "${String(values.seed)}"`);
  const realistic = realisticFromFlags(values, seed);
  if (!existsSync(VSIX)) {
    throw new Error(`${path.relative(REPO_ROOT, VSIX)} is missing; run "npm start" (it packages first) rather than this script alone.`);
  }
  await ensureInstalled(say);
  if (!existsSync(PLAYGROUND)) {
    await fs.cp(FIXTURE_WORKSPACE, PLAYGROUND, { recursive: true });
  }

  const service = await startOnPortOrFree({ port: port(values['service-port'], 8787), control: false, seed, realistic }, say);
  if (realistic) say(describeRealistic(realistic));
  cleanup.add('the gist service', () => service.close());

  await fs.mkdir(RESULTS_DIR, { recursive: true });
  const logFile = path.join(RESULTS_DIR, 'start-server.log');
  say('starting VS Code with the packaged extension installed …');
  const server = await startServer({
    port: port(values.port, 8790),
    env: {},
    // Quiet like the tests, but the Welcome page stays: it shows the Gist Generate walkthrough.
    userSettings: { ...QUIET_SETTINGS, 'workbench.startupEditor': 'welcomePage', 'git.enabled': true, 'gist.baseUrl': service.url },
    logFile,
    installExtensions: [VSIX],
  });
  cleanup.add('the VS Code server', () => server.stop());

  const user = service.fixtures.users[0];
  const lines = [
    '',
    `  Open VS Code:   ${server.url}/?folder=${encodeURIComponent(PLAYGROUND)}`,
    `  Gist service:   ${service.url}  (already set as gist.baseUrl)`,
    `  Demo API key:   ${user?.apiKeys[0] ?? '(none in the fixtures)'}  (${user?.name ?? ''} <${user?.email ?? ''}>)`,
    `  Gists:          ${service.fixtures.gists.map((gist) => gist.id).join(', ')}`,
    '',
    '  In VS Code: Ctrl+Shift+P, "Gist: Set API Key…", paste the demo key, then "Gist: Generate at Cursor…".',
    `  Workspace:      ${path.relative(REPO_ROOT, PLAYGROUND)} (kept between runs)`,
    `  Server log:     ${path.relative(REPO_ROOT, logFile)}`,
    '',
    '  Press Ctrl+C to stop everything.',
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

const cleanup = new Cleanup(say);
let stopping = false;
const stop = (code: number): void => {
  if (stopping) {
    // A second Ctrl+C: exit now; the server's exit hook still kills its process group.
    process.exit(code);
  }
  stopping = true;
  say('stopping the VS Code server and the gist service …');
  void cleanup.run().finally(() => process.exit(code));
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
main(cleanup).catch((error: unknown) => {
  say(`failed: ${error instanceof Error ? error.message : String(error)}`);
  stop(1);
});
