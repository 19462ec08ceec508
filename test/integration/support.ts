// Shared helpers for the integration suite, which runs inside the real VS Code extension host.
import { strict as assert } from 'node:assert';
import { mkdtempSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GistExtensionApi, GistTestingApi } from '../../src/api';
import type { TestedCallOutcome } from '../../src/generation/runner';
import { ServiceControl } from '../../tools/service/controlClient';

export const EXTENSION_ID = 'gist-generate.gist-generate';
export const DEMO_KEY = 'gk_demo_ada';
export const OTHER_KEY = 'gk_demo_grace';

export function serviceUrl(): string {
  const url = process.env.GIST_TEST_SERVICE_URL;
  assert.ok(url, 'GIST_TEST_SERVICE_URL is set by the harness');
  return url;
}

export const service = (): ServiceControl => new ServiceControl(serviceUrl());

/** The API as the tests see it: run by the tests (ExtensionMode.Test), it has its `testing` hooks. */
export type TestedApi = GistExtensionApi & { readonly testing: GistTestingApi };

function hasTestingHooks(api: GistExtensionApi): api is TestedApi {
  return api.testing !== undefined;
}

export async function extensionApi(): Promise<TestedApi> {
  const extension = vscode.extensions.getExtension<GistExtensionApi>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is installed`);
  const api = await extension.activate();
  assert.ok(hasTestingHooks(api), 'the API has its testing hooks in ExtensionMode.Test');
  return api;
}

/** Polls until `check` returns a value other than undefined/false. */
export async function waitFor<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function signIn(api: TestedApi, key = DEMO_KEY): Promise<void> {
  const user = await vscode.commands.executeCommand<{ name: string } | undefined>('gist.setApiKey', { apiKey: key });
  assert.ok(user, `signed in with the demo key`);
  await waitFor('signed in', () => api.state().status.kind === 'signedIn');
}

/** The extension, signed in with the demo key: the `before` of most suites. */
export async function signedInApi(): Promise<TestedApi> {
  const api = await extensionApi();
  await signIn(api);
  return api;
}

/** Each test starts with no pending faults, an empty record of calls and no editor open. */
export async function resetForTest(): Promise<void> {
  await service().clearFaults();
  await service().clearCalls();
  await closeAllEditors();
}

/**
 * Closes every editor without save prompts, so each test starts from an empty window. It closes no
 * webview while it loads its page (index.ts fails the test that does: see src/lab/webviewLoads.ts).
 */
export async function closeAllEditors(): Promise<void> {
  const api = await extensionApi();
  for (let i = 0; i < 50 && vscode.window.tabGroups.all.some((group) => group.tabs.length > 0); i++) {
    await waitFor('the lab’s webviews to load their pages before they are closed', () => api.testing.webviewsLoading().loading === 0);
    const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs);
    // The other editors first, in one go: a text editor closed before them would show one of them,
    // which would then be loading its page.
    const others = tabs.filter((candidate) => !(candidate.input instanceof vscode.TabInputText));
    if (others.length > 0) {
      await vscode.window.tabGroups.close(others);
      continue;
    }
    const text = tabs[0]?.input;
    if (!(text instanceof vscode.TabInputText)) {
      break;
    }
    await vscode.window.showTextDocument(text.uri, { preview: false });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  // The commands resolve once the workbench has closed the editors; this extension host hears of it
  // a moment later, and until then still lists the last one as visible (where generated text goes).
  await waitFor('this extension host to see every editor closed', () => vscode.window.visibleTextEditors.every((editor) => editor.document.uri.scheme === 'output'));
}

export async function openEditor(content: string, language = 'plaintext'): Promise<vscode.TextEditor> {
  // A new untitled document can reuse the name of one a previous test just closed; seen once with
  // the old text still in it. Open again rather than let the test run on the wrong text.
  for (let attempt = 1; ; attempt++) {
    const document = await vscode.workspace.openTextDocument({ content, language });
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    if (editor.document.getText() === content || attempt === 3) {
      return editor;
    }
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
}

/** The next call outcome the extension publishes, with its test-only fields (the buttons offered, Retry). */
export function nextOutcome(api: TestedApi): Promise<TestedCallOutcome> {
  return new Promise((resolve) => {
    const subscription = api.testing.onDidFinishCall((outcome) => {
      subscription.dispose();
      resolve(outcome);
    });
  });
}

export interface GenerateArgs {
  gistId: string;
  variant?: string;
  values?: Record<string, string>;
}

export function generate(args: GenerateArgs): Thenable<{ id: string; content: string } | undefined> {
  return vscode.commands.executeCommand<{ id: string; content: string } | undefined>('gist.generate', args);
}

export function at(editor: vscode.TextEditor, ...offsets: Array<number | [number, number]>): void {
  editor.selections = offsets.map((offset) => {
    const [start, end] = typeof offset === 'number' ? [offset, offset] : offset;
    return new vscode.Selection(editor.document.positionAt(start), editor.document.positionAt(end));
  });
}

/** A folder of its own for a history's files, as `context.globalStorageUri` is the extension's. */
export function historyFolder(): vscode.Uri {
  return vscode.Uri.file(mkdtempSync(path.join(os.tmpdir(), 'gist-history-')));
}

/** Stands in for global state across a restart: a second history over the same store is the next start. */
export class MapMemento implements vscode.Memento {
  readonly data = new Map<string, unknown>();
  keys(): readonly string[] {
    return [...this.data.keys()];
  }
  get<T>(key: string, fallback?: T): T | undefined {
    return this.data.has(key) ? (structuredClone(this.data.get(key)) as T) : fallback;
  }
  update(key: string, value: unknown): Thenable<void> {
    this.data.set(key, structuredClone(value));
    return Promise.resolve();
  }
}
