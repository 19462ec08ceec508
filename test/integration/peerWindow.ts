// A second window of the same VS Code profile, for tests of what windows share: the harness opens
// another workbench page on the same server (test/harness/peerWindows.ts), whose extension host
// runs peer/peerMain.ts; this is the first window's handle on it.
import type { HistoryEntry } from '../../src/history/historyEntry';

export interface PeerWindow {
  /** Runs a command in the second window; its result. */
  command<T>(id: string, ...args: unknown[]): Promise<T>;
  /** The second window's history, as its api.history() gives it. */
  history(): Promise<HistoryEntry[]>;
  /** Resolves once the second window's history writes have landed. */
  historySettled(): Promise<void>;
  /** Clear Call History in the second window, as after the user said Clear. */
  clearHistory(): Promise<void>;
  close(): Promise<void>;
}

async function post<T>(url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, { method: 'POST', body: body === undefined ? '' : JSON.stringify(body) });
  const answer = (await response.json()) as { value?: T; error?: string; url?: string };
  if (!response.ok) {
    throw new Error(`${url}: ${answer.error ?? response.status}`);
  }
  return answer as T;
}

/** False outside the harness (F5, desktop VS Code): there is no second page to open. */
export function canOpenPeerWindow(): boolean {
  return process.env.GIST_TEST_PEER_HOST !== undefined;
}

export async function openPeerWindow(): Promise<PeerWindow> {
  const host = process.env.GIST_TEST_PEER_HOST;
  if (host === undefined) {
    throw new Error('GIST_TEST_PEER_HOST is set by the harness');
  }
  const { url } = await post<{ url: string }>(`${host}/open`);
  const call = async <T>(verb: string, body?: unknown): Promise<T> => (await post<{ value: T }>(`${url}/${verb}`, body)).value;
  return {
    command: (id, ...args) => call('command', { id, args }),
    history: () => call('history'),
    historySettled: () => call('historySettled'),
    clearHistory: () => call('clearHistory'),
    close: async () => {
      await post(`${host}/close`);
    },
  };
}
