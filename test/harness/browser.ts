// Opens the workbench in Debian's Chromium through playwright-core.
import { chromium, type Browser, type LaunchOptions, type Page } from 'playwright-core';
import { CHROME_PATH } from '../../tools/vscodeServer/paths';

export interface OpenBrowser {
  /** Undefined for a kept profile (playwright gives a persistent context no Browser). */
  readonly browser: Browser | undefined;
  readonly page: Page;
  close(): Promise<void>;
}

const VIEWPORT = { width: 1280, height: 800 };

const LAUNCH: LaunchOptions = {
  executablePath: CHROME_PATH,
  // Playwright's own signal handlers exit the process at once; the harness stops everything itself.
  handleSIGINT: false,
  handleSIGTERM: false,
  handleSIGHUP: false,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};

/** Chromium without a page, for `openWindow`: one browser serves every window of a run. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(LAUNCH);
}

/**
 * A window of its own in `browser`: a new context, so nothing the workbench stored in the browser
 * for an earlier window (the extensions' global and workspace state, the key in SecretStorage)
 * is there. Closing it closes the context.
 */
export async function openWindow(browser: Browser, consoleLog: (line: string) => void): Promise<{ readonly page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  page.on('console', (message) => consoleLog(`[browser ${message.type()}] ${message.text()}`));
  page.on('pageerror', (error) => consoleLog(`[browser pageerror] ${error.message}`));
  return { page, close: () => context.close().catch(() => undefined) };
}

/**
 * A fresh browser profile; with `profileDir`, one kept in that folder, so that what the workbench
 * stored in the browser (the extensions' global state) is there again at the next start on the
 * same origin (the same server port).
 */
export async function openBrowser(consoleLog: (line: string) => void, profileDir?: string): Promise<OpenBrowser> {
  const viewport = VIEWPORT;
  const persistent = profileDir === undefined ? undefined : await chromium.launchPersistentContext(profileDir, { ...LAUNCH, viewport });
  const browser = persistent === undefined ? await chromium.launch(LAUNCH) : undefined;
  const context = persistent ?? (await browser!.newContext({ viewport }));
  // The clipboard is part of "Copy Last Call ID"; grant it so the workbench can write to it.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = persistent?.pages()[0] ?? (await context.newPage());
  page.on('console', (message) => consoleLog(`[browser ${message.type()}] ${message.text()}`));
  page.on('pageerror', (error) => consoleLog(`[browser pageerror] ${error.message}`));
  return {
    browser,
    page,
    close: async () => {
      await persistent?.close().catch(() => undefined);
      await browser?.close().catch(() => undefined);
    },
  };
}

/**
 * The workbench URL for `folder`, loading the extension under development (if given) and
 * running its tests (if given) in the real extension host.
 */
export function workbenchUrl(serverUrl: string, port: number, folder: string, extensionPath: string | undefined, testsPath?: string): string {
  const remote = (file: string): string => `vscode-remote://127.0.0.1:${port}${file}`;
  const payload: Array<[string, string]> = [];
  if (extensionPath !== undefined) {
    payload.push(['extensionDevelopmentPath', remote(extensionPath)]);
  }
  if (testsPath !== undefined) {
    payload.push(['extensionTestsPath', remote(testsPath)]);
  }
  payload.push(['skipWelcome', 'true']);
  return `${serverUrl}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}
