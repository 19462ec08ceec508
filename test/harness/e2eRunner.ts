// Runs the end-to-end scenarios (out/test/e2e/**/*.e2e.js) in order against one workbench.
// Each file exports `scenario: Scenario`.
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import type { RunningService } from '../../tools/service/index';
import { REPO_ROOT } from '../../tools/vscodeServer/paths';

export interface E2eContext {
  readonly page: Page;
  /** The local gist service, e.g. http://127.0.0.1:43123 (not yet in the settings: enter it as a user would). */
  readonly serviceUrl: string;
  readonly service: RunningService;
  /** The folder the workbench has open (a fresh copy of test/fixtures/workspace), for a scenario that plays the repository. */
  readonly workspace: string;
  /** Saves test-results/<name>.png and returns its path. */
  screenshot(name: string): Promise<string>;
  log(line: string): void;
}

export interface Scenario {
  readonly name: string;
  run(context: E2eContext): Promise<void>;
}

export interface E2eOptions extends E2eContext {
  readonly grep: string | undefined;
  readonly limitMs: number;
}

function scenarioFiles(): string[] {
  const dir = path.join(REPO_ROOT, 'out', 'test', 'e2e');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.e2e.js'))
    .sort()
    .map((file) => path.join(dir, file));
}

export async function runE2eScenarios(options: E2eOptions): Promise<{ passed: number; failed: number }> {
  let passed = 0;
  let failed = 0;
  for (const file of scenarioFiles()) {
    const { scenario } = (await import(file)) as { scenario: Scenario };
    if (options.grep !== undefined && !scenario.name.includes(options.grep)) {
      continue;
    }
    if (options.page.isClosed()) {
      // The run is being stopped (Ctrl+C, time limit); the rest cannot run.
      break;
    }
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        scenario.run(options),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`did not finish within ${options.limitMs / 1000} s`)), options.limitMs);
        }),
      ]);
      passed += 1;
      options.log(`✔ ${scenario.name} (${Date.now() - started} ms)`);
    } catch (error) {
      failed += 1;
      if (options.page.isClosed()) {
        options.log(`✘ ${scenario.name}: stopped`);
        break;
      }
      options.log(`✘ ${scenario.name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      const shot = await options.screenshot(`e2e-failure-${path.basename(file, '.e2e.js')}`).catch((shotError: unknown) => `none (${String(shotError)})`);
      options.log(`  screenshot: ${shot}`);
      // Leave no quick input or dialog open for the next scenario.
      await options.page.keyboard.press('Escape').catch(() => undefined);
    } finally {
      clearTimeout(timer);
    }
  }
  return { passed, failed };
}
