// What Memory keeps in global state: bounded, and never more than it was given.
import { strict as assert } from 'node:assert';
import type * as vscode from 'vscode';
import { MAX_VALUES_KEPT } from '../../../src/shared/limits';
import { Memory } from '../../../src/generation/memory';
import { redactSecrets } from '../../../src/shared/redact';

/** A Memento in memory: Memory needs only get/update/keys. */
class MapMemento implements vscode.Memento {
  private readonly map = new Map<string, unknown>();
  keys(): readonly string[] {
    return [...this.map.keys()];
  }
  get<T>(key: string, defaultValue?: T): T {
    return (this.map.has(key) ? this.map.get(key) : defaultValue) as T;
  }
  update(key: string, value: unknown): Thenable<void> {
    this.map.set(key, JSON.parse(JSON.stringify(value)) as unknown);
    return Promise.resolve();
  }
}

function valuesNamed(prefix: string, count: number): Record<string, string> {
  return Object.fromEntries(Array.from({ length: count }, (_, index) => [`${prefix}${index}`, `value ${index}`]));
}

describe('Memory', function () {
  it(`keeps at most ${MAX_VALUES_KEPT} values per gist across calls, the newest first`, async function () {
    const memory = new Memory(new MapMemento());
    await memory.rememberCall('g', undefined, valuesNamed('old', 60));
    await memory.rememberCall('g', undefined, valuesNamed('new', 10));
    const kept = memory.lastValues('g');
    assert.equal(Object.keys(kept).length, MAX_VALUES_KEPT);
    for (let index = 0; index < 10; index++) {
      assert.equal(kept[`new${index}`], `value ${index}`);
    }
  });

  it('Compare Variants’ values are bounded the same way', async function () {
    const memory = new Memory(new MapMemento());
    await memory.rememberValues('g', valuesNamed('old', 64));
    await memory.rememberValues('g', valuesNamed('new', 64));
    assert.deepEqual(memory.lastValues('g'), valuesNamed('new', 64));
  });

  it('a key typed into a value is remembered redacted, by the extension’s one redaction (issue 23, B7)', async function () {
    const key = 'gk_live_S3cr3tK3yValue_012345678';
    const memory = new Memory(new MapMemento(), (text) => redactSecrets(text, [key]));
    await memory.rememberCall('g', undefined, { env: `SERVICE_API_KEY=${key}`, other: 'kept as typed' });
    assert.deepEqual({ ...memory.lastValues('g') }, { env: 'SERVICE_API_KEY=***', other: 'kept as typed' });
  });
});
