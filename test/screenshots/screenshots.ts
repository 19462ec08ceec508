// `npm run screenshots`: the README's pictures, made in the real workbench. It packages the
// extension, installs the .vsix into a VS Code server (as a Marketplace install is, so no
// "Extension Development Host"), starts the local gist service with a demo account and demo gists
// (demo/service.json), opens a demo workspace (demo/workspace: a changelog, a source file, the
// team's gists) and drives it by keyboard like the end-to-end scenarios, saving each picture into
// docs/images/. Re-run it whenever the UI changes.
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { startService } from '../../tools/service/index';
import { Cleanup } from '../../tools/vscodeServer/cleanup';
import { ensureInstalled } from '../../tools/vscodeServer/install';
import { REPO_ROOT, RESULTS_DIR } from '../../tools/vscodeServer/paths';
import { checkBrowser } from '../../tools/vscodeServer/prerequisites';
import { installExtensions, startServer } from '../../tools/vscodeServer/server';
import { QUIET_SETTINGS } from '../../tools/vscodeServer/settings';
import { CURRENT_VSCODE } from '../../tools/vscodeServer/vscodeTargets';
import { acceptAsIs, answer, expectEditorFocus, expectQuickInputFocus, pick, runCommand, runOverDataWith, showOpenEditor, signInThroughUi, statusItem, toggleRow, waitForWorkbench } from '../e2e/workbench';
import { expectWebviewFocus, pressInWebview, resultsWebview, webviewText } from '../e2e/webviews';
import { launchChromium, openWindow, workbenchUrl } from '../harness/browser';
import { animatedGif, type Frame } from './animatedGif';

const DEMO = path.join(REPO_ROOT, 'test', 'screenshots', 'demo');
const IMAGES = path.join(REPO_ROOT, 'docs', 'images');
const VSIX = path.join(REPO_ROOT, 'gist-generate.vsix');
const DEMO_KEY = 'gk_live_demo_9f3c2a71e8';
/** Each picture stays under this, so the README loads fast. */
const MAX_PICTURE_BYTES = 300 * 1024;

const log = (line: string): void => void process.stdout.write(`[screenshots] ${line}\n`);

async function save(page: Page, name: string): Promise<void> {
  const file = path.join(IMAGES, `${name}.png`);
  await page.screenshot({ path: file });
  await checkSize(file);
}

async function checkSize(file: string): Promise<void> {
  const { size } = await fs.stat(file);
  log(`${path.relative(REPO_ROOT, file)}: ${Math.round(size / 1024)} KB`);
  if (size > MAX_PICTURE_BYTES) {
    throw new Error(`${path.relative(REPO_ROOT, file)} is ${Math.round(size / 1024)} KB, over ${MAX_PICTURE_BYTES / 1024} KB.`);
  }
}

/** Opens a workspace file with Quick Open and moves the cursor to `line` (1-based) with Go to Line. */
async function openAt(page: Page, name: string, line: number): Promise<void> {
  await page.keyboard.press('Control+P');
  await expectQuickInputFocus(page);
  await page.keyboard.type(name, { delay: 10 });
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: name }).first().waitFor({ state: 'visible' });
  await page.keyboard.press('Enter');
  await page.locator('.tab', { hasText: name }).first().waitFor({ state: 'visible' });
  await expectEditorFocus(page);
  await page.keyboard.press('Control+G');
  await expectQuickInputFocus(page);
  await page.keyboard.type(String(line), { delay: 10 });
  await page.keyboard.press('Enter');
  await expectEditorFocus(page);
}

/** Screenshots of `page` every `everyMs` while `work` runs, as GIF frames. */
async function record(page: Page, everyMs: number, work: () => Promise<void>): Promise<Frame[]> {
  const shots: Array<{ png: Buffer; at: number }> = [];
  let recording = true;
  const loop = (async () => {
    while (recording) {
      const at = Date.now();
      shots.push({ png: await page.screenshot(), at });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - (Date.now() - at))));
    }
  })();
  try {
    await work();
    // The result stays on screen a moment before the loop starts again.
    await new Promise((resolve) => setTimeout(resolve, 1200));
  } finally {
    recording = false;
    await loop;
  }
  return shots.map((shot, index) => ({ png: shot.png, delayMs: index + 1 < shots.length ? shots[index + 1]!.at - shot.at : 2500 }));
}

async function pictures(page: Page, serviceUrl: string): Promise<void> {
  await waitForWorkbench(page);
  await signInThroughUi(page, serviceUrl, DEMO_KEY, 'Ada Lovelace');

  // 1. Generate at Cursor…, at the variables prompt.
  await openAt(page, 'CHANGELOG.md', 6);
  await runCommand(page, 'Gist: Generate at Cursor…');
  await pick(page, 'Release note', /^Generate at Cursor \(/);
  await pick(page, 'detailed', 'Variant');
  await expectQuickInputFocus(page, /— change \(/);
  await page.keyboard.type('Sync across devices', { delay: 15 });
  await save(page, 'generate-variables');
  await page.keyboard.press('Enter');
  await answer(page, 'everyone on Loom 2.4', /— audience \(/);
  // 2. The text in place, the account in the status bar.
  await page.locator('.view-lines', { hasText: 'Thanks to everyone who asked for it' }).first().waitFor({ state: 'visible' });
  await statusItem(page, 'Ada Lovelace').waitFor({ state: 'visible' });
  await save(page, 'generate-result');

  // 3. Compare Variants, in the diff editor.
  await runCommand(page, 'Gist: Compare Variants…');
  await pick(page, 'Welcome email', /^Compare Variants \(1\//);
  await expectQuickInputFocus(page, /Variants to Compare \(2\//);
  await toggleRow(page, 'formal', 1);
  await toggleRow(page, 'friendly', 2);
  await page.keyboard.press('Enter');
  await answer(page, 'Grace', /— name \(/);
  await answer(page, 'Loom', /— product \(/);
  await page.locator('.monaco-diff-editor').first().waitFor({ state: 'visible' });
  await page.locator('.tab', { hasText: /formal .*↔ friendly/ }).first().waitFor({ state: 'visible' });
  await save(page, 'compare-variants');

  // 4. The Gist Calls view.
  await runCommand(page, 'Gist Generate: Focus on Gist Calls View');
  await page.locator('#workbench\\.parts\\.sidebar .monaco-list-row', { hasText: 'Welcome email' }).first().waitFor({ state: 'visible' });
  await save(page, 'gist-calls');

  // 5. A run over data, and its results view.
  await openAt(page, 'customers.csv', 1);
  await runOverDataWith(page, 'Welcome email', ['formal', 'friendly']);
  await answer(page, '1', /Samples per Cell/);
  await acceptAsIs(page, /Run 16 Calls\?/);
  await showOpenEditor(page, 'customers.welcome-email.gistrun.jsonl');
  const view = await resultsWebview(page);
  await view.locator('.status', { hasText: /^8 rows$/ }).waitFor({ state: 'visible' });
  await pressInWebview(page, view, '.grid', 'ArrowRight');
  await save(page, 'lab-results');

  // 5b. Blind review of the run, then the verdict with its evidence open.
  await runCommand(page, 'Gist: Review Results Blind…');
  await expectWebviewFocus(page, view, '.review');
  await save(page, 'lab-review');
  // B: stay blind, so each next pair comes at once (no names shown for a moment between votes).
  await pressInWebview(page, view, '.review', 'b');
  for (let voted = 0; voted < 8; voted++) {
    await view.locator('.review-progress', { hasText: new RegExp(`^${voted} of 8 pairs voted`) }).waitFor({ state: 'visible' });
    const left = await webviewText(view, '.answer-left .answer-text');
    const right = await webviewText(view, '.answer-right .answer-text');
    // This demo's reviewer prefers the shorter e-mail, whichever side it was drawn on.
    await pressInWebview(page, view, '.review', left.length <= right.length ? '1' : '2');
  }
  await view.locator('.review-progress', { hasText: /^8 of 8 pairs voted/ }).waitFor({ state: 'visible' });
  await pressInWebview(page, view, '.review', 'Escape');
  await expectWebviewFocus(page, view, '.grid');
  await view.locator('.headline', { hasText: /beats/ }).waitFor({ state: 'visible' });
  await view.locator('details.evidence > summary').click();
  await view.locator('.verdict-section').first().waitFor({ state: 'visible' });
  await save(page, 'lab-verdicts');

  // 5c. Checks in the Testing view: one file's tests run, the formal variant fails one, its message open.
  await runCommand(page, 'View: Show Testing');
  await page.locator('.test-explorer .monaco-list-row', { hasText: 'welcome-email.gisttest.json' }).first().waitFor({ state: 'visible' });
  await openAt(page, 'welcome-email.gisttest.json', 18);
  await runCommand(page, 'Test: Run Tests in Current File');
  await page.locator('.test-explorer .monaco-list-row', { hasText: 'welcome-email.gisttest.json', has: page.locator('.codicon-testing-failed-icon') }).first().waitFor({ state: 'visible' });
  await openAt(page, 'welcome-email.gisttest.json', 18);
  await runCommand(page, 'Test: Peek Output');
  await page.locator('.editor-group-container .peekview-widget').first().waitFor({ state: 'visible' });
  await save(page, 'checks-testing');
  await page.keyboard.press('Escape');

  // 6. One whole Generate, animated, in a smaller window.
  await page.setViewportSize({ width: 960, height: 600 });
  await runCommand(page, 'View: Toggle Primary Side Bar Visibility');
  // The palette gives focus back to the editor it came from (the test file's) before Quick Open.
  await expectEditorFocus(page);
  await openAt(page, 'onboarding.ts', 4);
  await page.keyboard.press('End');
  // Into the empty template literal: `const body = `|`;`
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  const frames = await record(page, 250, async () => {
    await runCommand(page, 'Gist: Generate at Cursor…');
    await pick(page, 'Welcome email', /^Generate at Cursor \(/);
    await pick(page, 'friendly', 'Variant');
    await expectQuickInputFocus(page, /— name \(/);
    await page.keyboard.type('${customer.name}', { delay: 40 });
    await page.keyboard.press('Enter');
    await expectQuickInputFocus(page, /— product \(/);
    await page.keyboard.press('Enter');
    await page.locator('.view-lines', { hasText: 'a real person reads it' }).first().waitFor({ state: 'visible' });
  });
  const gif = path.join(IMAGES, 'generate.gif');
  await fs.writeFile(gif, animatedGif(frames));
  log(`${frames.length} frames`);
  await checkSize(gif);
}

async function main(): Promise<void> {
  checkBrowser();
  await ensureInstalled(log, CURRENT_VSCODE);
  await fs.mkdir(IMAGES, { recursive: true });
  await fs.mkdir(RESULTS_DIR, { recursive: true });
  const cleanup = new Cleanup(log);
  try {
    const service = await startService({ fixtures: path.join(DEMO, 'service.json'), seed: 7 });
    cleanup.add('the gist service', () => service.close());
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'gist-screenshots-'));
    cleanup.add('the demo folders', () => fs.rm(root, { recursive: true, force: true }));
    const workspace = path.join(root, 'loom-app');
    await fs.cp(path.join(DEMO, 'workspace'), workspace, { recursive: true });
    const extensionsDir = path.join(root, 'extensions');
    const logFile = path.join(RESULTS_DIR, 'screenshots-server.log');
    await installExtensions(CURRENT_VSCODE, extensionsDir, [VSIX], logFile);
    const server = await startServer({
      env: {},
      logFile,
      appendLog: true,
      extensionsDir,
      userSettings: {
        ...QUIET_SETTINGS,
        'gist.baseUrl': service.url,
        'workbench.colorTheme': 'Default Dark Modern',
        'editor.minimap.enabled': false,
        'editor.fontSize': 14,
        'workbench.layoutControl.enabled': false,
      },
    });
    cleanup.add('the VS Code server', () => server.stop());
    const browser = await launchChromium();
    cleanup.add('the browser', () => browser.close());
    const window = await openWindow(browser, () => undefined);
    await window.page.goto(workbenchUrl(server.url, server.port, workspace, undefined));
    try {
      await pictures(window.page, service.url);
    } catch (error) {
      await window.page.screenshot({ path: path.join(RESULTS_DIR, 'screenshots-failure.png') }).catch(() => undefined);
      throw error;
    }
  } finally {
    await cleanup.run();
  }
}

main().then(
  () => log(`done: ${path.relative(REPO_ROOT, IMAGES)}/`),
  (error: unknown) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)} (the workbench as it was: test-results/screenshots-failure.png)`);
    process.exit(1);
  },
);
