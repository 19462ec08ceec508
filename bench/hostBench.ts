// Runs inside the real VS Code extension host (extensionTestsPath) and writes its figures to
// GIST_BENCH_RESULTS. GIST_BENCH_PHASE picks what this start measures: `activation` (only how
// long activate() took), `history-seed` and `history-start` (a start with the history full, see
// host/historyStartup.ts), or `sections`: those named in GIST_BENCH_SECTIONS, in order.
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { checksHost } from './host/checksHost';
import { api, KEY, progress, type TestedApi } from './host/common';
import { editorPath } from './host/editorPath';
import { historyLayouts } from './host/history';
import { measureStart, seedOldLayout } from './host/historyStartup';
import { memoryGrowth } from './host/memory';
import { labHost } from './host/labHost';
import { scale } from './host/scale';

type Section = (gist: TestedApi, serviceUrl: string, quick: boolean) => Promise<Record<string, unknown>>;

const SECTIONS: Record<string, Section> = {
  editor: (_gist, serviceUrl, quick) => editorPath(serviceUrl, quick),
  memory: async (_gist, _serviceUrl, quick) => ({ memory: await memoryGrowth(quick) }),
  scale: async (_gist, serviceUrl) => ({ scale: await scale(serviceUrl) }),
  history: async (gist, _serviceUrl, quick) => ({ historyLayouts: await historyLayouts(gist, quick) }),
  labHost: (_gist, _serviceUrl, quick) => labHost(quick),
  checksHost: (gist, _serviceUrl, quick) => checksHost(gist, quick),
};

async function sections(serviceUrl: string, quick: boolean): Promise<Record<string, unknown>> {
  const gist = await api();
  const results: Record<string, unknown> = { activationMs: gist.testing.activationMs() };
  await vscode.commands.executeCommand('gist.setApiKey', { apiKey: KEY });
  for (const name of (process.env.GIST_BENCH_SECTIONS ?? '').split(',').filter((one) => one !== '')) {
    const section = SECTIONS[name];
    if (section === undefined) {
      throw new Error(`no section ${name} in VS Code`);
    }
    const started = performance.now();
    progress(`${name}…`);
    Object.assign(results, await section(gist, serviceUrl, quick));
    progress(`${name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return results;
}

export async function run(): Promise<void> {
  const out = process.env.GIST_BENCH_RESULTS ?? '';
  const serviceUrl = process.env.GIST_TEST_SERVICE_URL ?? '';
  const quick = process.env.GIST_BENCH_QUICK === '1';
  const phase = process.env.GIST_BENCH_PHASE;
  let results: Record<string, unknown>;
  try {
    if (phase === 'activation') {
      results = { activationMs: (await api()).testing.activationMs() };
    } else if (phase === 'history-seed') {
      results = await seedOldLayout();
    } else if (phase === 'history-start' || phase === 'history-start-top-up') {
      results = await measureStart(phase === 'history-start-top-up');
    } else {
      results = await sections(serviceUrl, quick);
    }
  } catch (error) {
    // The extension host's console is in no log the bench reads: say it on the progress lines.
    progress(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    throw error;
  }
  writeFileSync(out, JSON.stringify(results));
}
