// The "Gist Calls" history full, in the real extension host: the layout before issue 15 (the whole
// history one value in global state: bench/baseline/legacyHistory.ts) next to the one now (small
// items in global state, a file per call), each on the extension's real global state, under keys
// of the bench's own. Recording one call (until it is saved: global state through VS Code, and the
// call's file), and the first render of the view (getChildren, then getTreeItem of every item,
// from a fresh start of the history).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as vscode from 'vscode';
import type { CallOutcome } from '../../src/generation/runner';
import { CallHistory } from '../../src/history/callHistory';
import { HistoryTreeProvider } from '../../src/history/historyView';
import { MAX_CONTENT_BYTES, MAX_HISTORY_ENTRIES } from '../../src/shared/limits';
import { GlobalStateKeys } from '../../src/shared/storageKeys';
import { LegacyCallHistory, LegacyHistoryTreeProvider } from '../baseline/legacyHistory';
import { median, round } from '../stats';
import { progress, type TestedApi } from './common';

/** A call as the history keeps it at its fullest: 64 KB of text from a short prompt. */
export function fullCall(n: number): CallOutcome {
  return {
    request: { gistId: 'blog-post', variant: 'long', values: { topic: `Topic number ${n}: ${'t'.repeat(200)}`, audience: 'engineers' } },
    label: 'Blog post',
    result: { id: `call_${String(n).padStart(6, '0')}`, content: `# Post ${n}\n${'p'.repeat(MAX_CONTENT_BYTES)}` },
    durationMs: 1,
  };
}

/** The extension's global state, each key read and written under a prefix of the bench's. */
function prefixed(store: vscode.Memento, prefix: string): vscode.Memento {
  return {
    keys: () => store.keys().filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length)),
    get: <T>(key: string, fallback?: T): T | undefined => store.get<T>(`${prefix}${key}`) ?? fallback,
    update: (key: string, value: unknown) => store.update(`${prefix}${key}`, value),
  };
}

function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

interface Layout {
  /** A fresh start of the history over what is stored, and its view. */
  open(): { readonly count: () => number; readonly render: () => number; dispose(): void };
  record(outcome: CallOutcome): Promise<void>;
  clear(): Promise<void>;
  /** Bytes of the history in global state, as JSON. */
  storedBytes(): number;
}

export interface HistoryLayoutRow {
  readonly layout: string;
  /** Calls kept once full (the old layout stops at its 2 MB cap). */
  readonly entries: number;
  readonly globalStateKb: number;
  readonly recordMedianMs: number;
  readonly firstRenderMedianMs: number;
}

async function measure(name: string, layout: Layout, runs: number): Promise<HistoryLayoutRow> {
  // Full: more calls than either layout keeps.
  for (let n = 0; n < MAX_HISTORY_ENTRIES + 5; n++) {
    await layout.record(fullCall(n));
  }
  const records: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await layout.record(fullCall(1000 + i));
    records.push(performance.now() - started);
  }
  const renders: number[] = [];
  let entries = 0;
  for (let i = 0; i < runs; i++) {
    collectGarbage();
    const history = layout.open();
    renders.push(history.render());
    entries = history.count();
    history.dispose();
  }
  const row = { layout: name, entries, globalStateKb: round(layout.storedBytes() / 1024, 1), recordMedianMs: round(median(records)), firstRenderMedianMs: round(median(renders)) };
  progress(`history, ${name}: ${JSON.stringify(row)}`);
  await layout.clear();
  return row;
}

export async function historyLayouts(gist: TestedApi, quick: boolean): Promise<HistoryLayoutRow[]> {
  const store = gist.testing.globalState;
  const folder = vscode.Uri.joinPath(gist.testing.globalStorageUri, 'bench-history');
  const newStore = prefixed(store, 'bench.new.');
  const legacyKey = 'bench.legacy.callHistory';
  const redact = (text: string): string => text;
  const runs = quick ? 5 : 10;
  const bytes = (key: string): number => Buffer.byteLength(JSON.stringify(store.get(key) ?? null));
  const now = new CallHistory(newStore, folder, redact);
  const before = new LegacyCallHistory(store, legacyKey, redact);
  try {
    // The new layout first, while the old one's 2 MB is not in the extension's state (VS Code sends all of it on every write).
    const after = await measure(
      'items in global state, a file per call (now)',
      {
        open: () => {
          const history = new CallHistory(newStore, folder, redact);
          return opened(history, new HistoryTreeProvider(history), () => history.items().length);
        },
        record: (outcome) => now.record(outcome),
        clear: () => now.clear(),
        storedBytes: () => bytes(`bench.new.${GlobalStateKeys.callHistory}`),
      },
      runs,
    );
    const old = await measure(
      'whole history in global state (before)',
      {
        open: () => {
          const history = new LegacyCallHistory(store, legacyKey, redact);
          return opened(history, new LegacyHistoryTreeProvider(history), () => history.entries().length);
        },
        record: (outcome) => before.record(outcome),
        clear: async () => {
          await before.clear();
          await store.update(legacyKey, undefined);
        },
        storedBytes: () => bytes(legacyKey),
      },
      runs,
    );
    return [old, after];
  } finally {
    now.dispose();
    before.dispose();
  }
}

/** A layout's history and its view, as a start of VS Code would open them. */
function opened<T>(history: vscode.Disposable, tree: vscode.TreeDataProvider<T> & vscode.Disposable, count: () => number): ReturnType<Layout['open']> {
  return {
    count,
    render: () => timedRender(tree),
    dispose: () => {
      tree.dispose();
      history.dispose();
    },
  };
}

/** What VS Code asks of a tree view when it first shows: the root's children, then each one's item. */
function timedRender<T>(tree: vscode.TreeDataProvider<T>): number {
  const started = performance.now();
  const children = tree.getChildren() as T[];
  for (const child of children) {
    tree.getTreeItem(child);
  }
  return performance.now() - started;
}
