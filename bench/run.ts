// `npm run bench [-- --quick] [-- --only client|network|catalog]`: prints a table and writes
// bench/results.json. Every figure is a median over repeated runs; comparisons run side by side
// in this one run. `--only` runs one plain-Node section and writes test-results/bench-<section>.json.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { openBrowser, workbenchUrl } from '../test/harness/browser';
import { ensureInstalled } from '../tools/vscodeServer/install';
import { FIXTURE_WORKSPACE, REPO_ROOT, RESULTS_DIR } from '../tools/vscodeServer/paths';
import { startServer } from '../tools/vscodeServer/server';
import { userSettings } from '../tools/vscodeServer/settings';
import { startService } from '../tools/service/index';
import { catalogParse } from './catalogParse';
import { clientOverhead } from './clientOverhead';
import { networkOverhead } from './networkOverhead';
import { median, round } from './stats';

const quick = process.argv.includes('--quick');
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex === -1 ? undefined : process.argv[onlyIndex + 1];
const log = (line: string): void => void process.stdout.write(`[bench] ${line}\n`);

async function inVsCode(starts: number): Promise<Record<string, unknown>> {
  await ensureInstalled(log);
  await fs.mkdir(RESULTS_DIR, { recursive: true });
  const service = await startService({ control: true });
  const resultsFile = path.join(os.tmpdir(), `gist-bench-${process.pid}.json`);
  const env = { GIST_TEST_SERVICE_URL: service.url, GIST_BENCH_RESULTS: resultsFile, GIST_BENCH_QUICK: quick ? '1' : '0' };
  const hostEntry = path.join(REPO_ROOT, 'out', 'bench', 'hostBench.js');
  const runOnce = async (phase: string): Promise<Record<string, unknown>> => {
    const server = await startServer({ env: { ...env, GIST_BENCH_PHASE: phase }, userSettings: userSettings('integration', service.url), logFile: path.join(RESULTS_DIR, 'bench-server.log') });
    const browser = await openBrowser(() => undefined);
    try {
      await fs.rm(resultsFile, { force: true });
      const exited = new Promise<number>((resolve) => void browser.page.exposeFunction('codeAutomationExit', (code: number) => resolve(code)));
      await browser.page.goto(workbenchUrl(server.url, server.port, FIXTURE_WORKSPACE, REPO_ROOT, hostEntry));
      const code = await exited;
      if (code !== 0 || !existsSync(resultsFile)) {
        throw new Error(`the ${phase} run in VS Code failed (exit ${code}); see test-results/bench-server.log`);
      }
      return JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>;
    } finally {
      await browser.close();
      await server.stop();
    }
  };
  try {
    // Every start measures activate(), the editor run's included; the others do nothing else.
    const editor = await runOnce('editor');
    const activations: number[] = [Number(editor.activationMs)];
    for (let i = 1; i < starts; i++) {
      activations.push(Number((await runOnce('activation')).activationMs));
    }
    log(`activate() over ${starts} fresh starts: ${activations.map((ms) => ms.toFixed(2)).join(', ')} ms`);
    const { activationMs: _editorActivation, ...editorFigures } = editor;
    return { activate: { starts, medianMs: round(median(activations), 3) }, ...editorFigures };
  } finally {
    await service.close();
  }
}

/** One section without VS Code, e.g. while working on the client: `npm run bench -- --only network`. */
async function onlySection(section: string): Promise<void> {
  const sections: Record<string, () => Promise<unknown>> = {
    client: () => clientOverhead(quick ? 50 : 500, quick ? 10 : 100),
    network: () => networkOverhead(quick ? 50 : 500),
    catalog: () => Promise.resolve(catalogParse(quick ? 5 : 50)),
  };
  const run = sections[section];
  if (run === undefined) {
    throw new Error(`--only takes one of: ${Object.keys(sections).join(', ')}`);
  }
  const figures = await run();
  const file = path.join(RESULTS_DIR, `bench-${section}.json`);
  await fs.mkdir(RESULTS_DIR, { recursive: true });
  writeFileSync(file, JSON.stringify({ machine: machine(), quick, [section]: figures }, null, 2) + '\n');
  console.log(JSON.stringify(figures, null, 2));
  log(`results in ${path.relative(REPO_ROOT, file)}`);
}

function machine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

async function main(): Promise<void> {
  if (only !== undefined) {
    return onlySection(only);
  }
  execFileSync('npm', ['run', 'build:prod', '--silent'], { cwd: REPO_ROOT, stdio: 'ignore' });
  const sizeKb = (file: string): number => round(statSync(path.join(REPO_ROOT, 'dist', file)).size / 1024, 1);
  const bundleKb = sizeKb('extension.js');
  const undiciKb = sizeKb('undici.js');
  log(`bundle dist/extension.js (minified, loaded at startup): ${bundleKb} KB; dist/undici.js (loaded on the first request): ${undiciKb} KB`);
  const overhead = await clientOverhead(quick ? 50 : 500, quick ? 10 : 100);
  const network = await networkOverhead(quick ? 50 : 500);
  log(`client over https with the VS Code CA set: ${network.clientToBareP50Ratio ?? '?'} × a bare undici loop (p50); trust setup ${network.trustSetupMs} ms for ${network.trustedCas} CAs`);
  const catalog = catalogParse(quick ? 5 : 50);
  log(`catalog parse + merge: ${catalog.map((row) => `${row.name} (${row.kib} KiB, ${row.gists} gists) ${row.medianMs} ms`).join('; ')}`);
  const vscodeFigures = await inVsCode(quick ? 1 : 12);
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: REPO_ROOT, stdio: 'ignore' });
  const clientRow = overhead[0];
  const bareRow = overhead[1];
  const results = {
    machine: machine(),
    quick,
    bundleKb,
    undiciKb,
    clientOverhead: overhead,
    clientToBareP50Ratio: clientRow !== undefined && bareRow !== undefined ? round(clientRow.p50Ms / bareRow.p50Ms) : undefined,
    networkOverhead: network,
    catalogParse: catalog,
    ...vscodeFigures,
  };
  // A quick run is a smoke test (npm test runs one): it must not overwrite the recorded figures.
  const resultsFile = quick ? path.join(RESULTS_DIR, 'bench-quick.json') : path.join(REPO_ROOT, 'bench', 'results.json');
  writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
  log(`results in ${path.relative(REPO_ROOT, resultsFile)}`);
  console.table(overhead);
  console.log(JSON.stringify(results, null, 2));
}

// A hung workbench must not hang CI; the server's exit hook stops its process group.
const LIMIT_MS = (quick ? 5 : 20) * 60_000;
setTimeout(() => {
  log(`no result within ${LIMIT_MS / 60_000} minutes; see test-results/bench-server.log`);
  process.exit(1);
}, LIMIT_MS).unref();

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
