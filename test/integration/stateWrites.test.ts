// A failed global-state write of the call history is never swallowed (item 8 of issue 13): it
// reaches the caller, or the log through the extension's LoggedMemento, and later writes still land.
import { strict as assert } from 'node:assert';
import type * as vscode from 'vscode';
import { CallHistory } from '../../src/history/callHistory';
import { LoggedMemento } from '../../src/shared/loggedMemento';
import { historyFolder } from './support';

/** Stands in for global state; fails its first `failures` writes as VS Code's storage can. */
class FlakyMemento implements vscode.Memento {
  readonly data = new Map<string, unknown>();
  constructor(private failures: number) {}
  keys(): readonly string[] {
    return [...this.data.keys()];
  }
  get<T>(key: string, fallback?: T): T | undefined {
    return this.data.has(key) ? (structuredClone(this.data.get(key)) as T) : fallback;
  }
  update(key: string, value: unknown): Thenable<void> {
    if (this.failures > 0) {
      this.failures--;
      return Promise.reject(new Error('storage quota exceeded'));
    }
    this.data.set(key, structuredClone(value));
    return Promise.resolve();
  }
}

const call = (text: string) => ({ request: { gistId: 'echo', values: { text } }, label: 'Echo', result: { id: `c-${text}`, content: text }, durationMs: 1 });

describe('Global state writes', function () {
  it('a failed history write reaches the caller, and the next write still lands', async function () {
    const store = new FlakyMemento(1);
    const history = new CallHistory(store, historyFolder(), (text) => text);
    try {
      await assert.rejects(history.record(call('first')), /storage quota exceeded/);
      await history.record(call('second'));
      assert.deepEqual((store.data.get('gist.callHistory') as Array<{ callId: string }>).map((entry) => entry.callId), ['c-second', 'c-first']);
    } finally {
      history.dispose();
    }
  });

  it('through LoggedMemento (as the extension wires it), the failure is logged', async function () {
    const logged: string[] = [];
    const history = new CallHistory(new LoggedMemento(new FlakyMemento(1), (message) => logged.push(message)), historyFolder(), (text) => text);
    try {
      await history.record(call('first'));
      assert.equal(logged.length, 1);
      assert.match(logged[0] ?? '', /Could not save “gist\.callHistory”.*storage quota exceeded/);
    } finally {
      history.dispose();
    }
  });
});
