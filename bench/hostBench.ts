// Runs inside the real VS Code extension host (extensionTestsPath) and writes its figures to
// GIST_BENCH_RESULTS. GIST_BENCH_PHASE picks what this start measures: `activation` (only how
// long activate() took), or the sections named in GIST_BENCH_SECTIONS, in order.
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { api, KEY, progress } from './host/common';
import { editorPath } from './host/editorPath';
import { memoryGrowth } from './host/memory';
import { scale } from './host/scale';

type Section = (serviceUrl: string, quick: boolean) => Promise<Record<string, unknown>>;

const SECTIONS: Record<string, Section> = {
  editor: (serviceUrl, quick) => editorPath(serviceUrl, quick),
  memory: async (_serviceUrl, quick) => ({ memory: await memoryGrowth(quick) }),
  scale: async (serviceUrl) => ({ scale: await scale(serviceUrl) }),
};

export async function run(): Promise<void> {
  const out = process.env.GIST_BENCH_RESULTS ?? '';
  const serviceUrl = process.env.GIST_TEST_SERVICE_URL ?? '';
  const quick = process.env.GIST_BENCH_QUICK === '1';
  const gist = await api();
  const results: Record<string, unknown> = { activationMs: gist.testing.activationMs() };
  if (process.env.GIST_BENCH_PHASE !== 'activation') {
    await vscode.commands.executeCommand('gist.setApiKey', { apiKey: KEY });
    for (const name of (process.env.GIST_BENCH_SECTIONS ?? '').split(',').filter((one) => one !== '')) {
      const section = SECTIONS[name];
      if (section === undefined) {
        throw new Error(`no section ${name} in VS Code`);
      }
      const started = performance.now();
      progress(`${name}…`);
      Object.assign(results, await section(serviceUrl, quick));
      progress(`${name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  }
  writeFileSync(out, JSON.stringify(results));
}
