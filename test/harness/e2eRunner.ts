// Runs the end-to-end scenarios (out/test/e2e/**/*.e2e.js), each in a window of its own: a new
// VS Code server with new data, a new browser context and a new copy of the workspace, set up as
// the scenario's `state` declares (scenarioState.ts), and thrown away afterwards whatever happened.
// Each file exports `scenario: Scenario`.
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import type { RunningService } from '../../tools/service/index';
import { Cleanup } from '../../tools/vscodeServer/cleanup';
import { REPO_ROOT } from '../../tools/vscodeServer/paths';
import { signInThroughUi, waitForWorkbench } from '../e2e/workbench';
import { prepareWorkspace, scenarioUserSettings, type ScenarioState } from './scenarioState';
import { firstLine, type TestOutcome } from './suiteResults';

export interface E2eContext {
  readonly page: Page;
  /** The local gist service, e.g. http://127.0.0.1:43123 (in the user settings unless the state says otherwise). */
  readonly serviceUrl: string;
  readonly service: RunningService;
  /** The folder the workbench has open: this scenario's own copy of test/fixtures/workspace with its files. */
  readonly workspace: string;
  /** The VS Code under test, e.g. "1.139.1". */
  readonly vscodeVersion: string;
  /** Saves test-results/<name>.png and returns its path. */
  screenshot(name: string): Promise<string>;
  log(line: string): void;
}

export interface Scenario {
  readonly name: string;
  /** What must be in place when `run` starts; the harness sets it up. */
  readonly state: ScenarioState;
  run(context: E2eContext): Promise<void>;
}

/** A workbench the harness opened: its page, and how to throw the whole window away. */
export interface OpenedWindow {
  readonly page: Page;
  close(): Promise<void>;
}

export interface E2eOptions {
  readonly service: RunningService;
  readonly vscodeVersion: string;
  /** Starts a VS Code server with these user settings and opens its workbench on `folder` in a new browser context. */
  openWindow(userSettings: Record<string, unknown>, folder: string): Promise<OpenedWindow>;
  /** Saves a screenshot of `page` as test-results/<prefix><name>.png and returns its path. */
  screenshot(page: Page, name: string): Promise<string>;
  log(line: string): void;
  readonly grep: string | undefined;
  readonly limitMs: number;
  /** Which run of `--repeat` this is (1-based), for screenshot names. */
  readonly run: number;
  /** The harness self-test: this scenario fails after its `afterKeys`-th key (see `--inject-failure`). */
  readonly injectFailure?: { readonly scenario: string; readonly afterKeys: number } | undefined;
  /** True once the run is being stopped (Ctrl+C, time limit): no further scenario starts. */
  stopping(): boolean;
}

function scenarioFiles(): string[] {
  const dir = path.join(REPO_ROOT, 'out', 'test', 'e2e');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.e2e.js'))
    .sort()
    .map((file) => path.join(dir, file));
}

/** The user's name in the status bar once signed in with each demo key. */
const DEMO_USERS = { gk_demo_ada: 'Ada Lovelace', gk_demo_grace: 'Grace Hopper' } as const;

/**
 * `page` whose keyboard throws after `afterKeys` key presses or typed strings: a scenario that
 * fails in its middle, with whatever it had open still open, for the harness self-test.
 */
function failingAfter(page: Page, afterKeys: number): Page {
  let keys = 0;
  const keyboard = new Proxy(page.keyboard, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') {
        return value;
      }
      return (...args: unknown[]): unknown => {
        if (['press', 'type', 'insertText', 'down'].includes(String(property)) && ++keys > afterKeys) {
          throw new Error(`Injected failure after ${afterKeys} keys (the harness self-test)`);
        }
        return (value as (...values: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return new Proxy(page, {
    get(target, property) {
      if (property === 'keyboard') {
        return keyboard;
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...values: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function withLimit<T>(work: Promise<T>, limitMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`did not finish within ${limitMs / 1000} s`)), limitMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function runScenario(scenario: Scenario, file: string, options: E2eOptions): Promise<TestOutcome> {
  const { service } = options;
  const log = (line: string): void => options.log(line);
  const cleanup = new Cleanup(log);
  const started = Date.now();
  let page: Page | undefined;
  let stage = 'setting up';
  let setupMs = 0;
  try {
    await withLimit(
      (async () => {
        service.clearFaults();
        service.clearCalls();
        const workspace = await prepareWorkspace(scenario.state);
        cleanup.add('the workspace copy', () => workspace.remove());
        const window = await options.openWindow(scenarioUserSettings(scenario.state, service.url), workspace.folder);
        cleanup.add('the window', () => window.close());
        page = window.page;
        await waitForWorkbench(page);
        if (scenario.state.signedIn !== undefined) {
          await signInThroughUi(page, service.url, scenario.state.signedIn, DEMO_USERS[scenario.state.signedIn]);
        }
        service.clearCalls();
        stage = 'running';
        setupMs = Date.now() - started;
        const inject = options.injectFailure;
        await scenario.run({
          page: inject !== undefined && scenario.name.includes(inject.scenario) ? failingAfter(page, inject.afterKeys) : page,
          serviceUrl: service.url,
          service,
          workspace: workspace.folder,
          vscodeVersion: options.vscodeVersion,
          screenshot: (name) => options.screenshot(page!, name),
          log,
        });
      })(),
      options.limitMs,
    );
    const ms = Date.now() - started;
    log(`✔ ${scenario.name} (${ms} ms: ${setupMs} ms to set up its window)`);
    return { name: scenario.name, passed: true, ms };
  } catch (error) {
    const message = `${stage === 'setting up' ? 'while setting up: ' : ''}${firstLine(error)}`;
    log(`✘ ${scenario.name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    const suffix = options.run > 1 ? `-run${options.run}` : '';
    const shot =
      page === undefined || page.isClosed()
        ? undefined
        : await options.screenshot(page, `e2e-failure-${path.basename(file, '.e2e.js')}${suffix}`).catch(() => undefined);
    if (shot !== undefined) {
      log(`  screenshot: ${shot}`);
    }
    return { name: scenario.name, passed: false, error: message, screenshot: shot === undefined ? undefined : path.relative(REPO_ROOT, shot), ms: Date.now() - started };
  } finally {
    await cleanup.run();
  }
}

export async function runE2eScenarios(options: E2eOptions): Promise<TestOutcome[]> {
  const outcomes: TestOutcome[] = [];
  for (const file of scenarioFiles()) {
    const { scenario } = (await import(file)) as { scenario: Scenario };
    if (options.grep !== undefined && !new RegExp(options.grep).test(scenario.name)) {
      continue;
    }
    if (options.stopping()) {
      break;
    }
    outcomes.push(await runScenario(scenario, file, options));
  }
  return outcomes;
}
