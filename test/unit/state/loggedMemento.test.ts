// A failed global-state write is logged, never lost silently (item 8 of issue 13). VS Code's
// storage cannot be made to fail on demand, so a Memento that fails as it does stands in for it.
import { strict as assert } from 'node:assert';
import type * as vscode from 'vscode';
import { LoggedMemento } from '../../../src/shared/loggedMemento';

class FailingMemento implements vscode.Memento {
  readonly data = new Map<string, unknown>();
  constructor(private readonly failure: 'reject' | 'throw' | 'none') {}
  keys(): readonly string[] {
    return [...this.data.keys()];
  }
  get<T>(key: string, fallback?: T): T | undefined {
    return this.data.has(key) ? (this.data.get(key) as T) : fallback;
  }
  update(key: string, value: unknown): Thenable<void> {
    if (this.failure === 'throw') {
      // VS Code's ExtensionMemento copies the value through JSON first, which throws synchronously.
      throw new TypeError('Converting circular structure to JSON');
    }
    if (this.failure === 'reject') {
      return Promise.reject(new Error('storage quota exceeded'));
    }
    this.data.set(key, value);
    return Promise.resolve();
  }
}

describe('LoggedMemento', () => {
  for (const failure of ['reject', 'throw'] as const) {
    it(`logs a write that fails (${failure}) with the key and the reason, and resolves`, async () => {
      const logged: string[] = [];
      const store = new LoggedMemento(new FailingMemento(failure), (message) => logged.push(message));
      await store.update('gist.callHistory', ['x']);
      assert.equal(logged.length, 1);
      assert.match(logged[0] ?? '', /Could not save “gist\.callHistory” in VS Code's global state \((storage quota exceeded|Converting circular structure to JSON)\)/);
    });
  }

  it('passes reads and successful writes through, logging nothing', async () => {
    const logged: string[] = [];
    const store = new LoggedMemento(new FailingMemento('none'), (message) => logged.push(message));
    await store.update('k', 1);
    assert.equal(store.get('k'), 1);
    assert.equal(store.get('missing', 'fallback'), 'fallback');
    assert.deepEqual(store.keys(), ['k']);
    assert.deepEqual(logged, []);
  });
});
