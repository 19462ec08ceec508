// What Memory keeps in global state: bounded, and never more than it was given.
import { strict as assert } from 'node:assert';
import type * as vscode from 'vscode';
import { MAX_VALUES_KEPT } from '../../../src/shared/limits';
import { Memory } from '../../../src/generation/memory';
import { redactSecrets } from '../../../src/shared/redact';
import fc from 'fast-check';

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

/**
 * Global state as VS Code keeps it for an extension: one value, written whole by each window from
 * its own copy, which sees the others' writes only once `sync` (the propagation) has run.
 */
class SharedState {
  private value: Record<string, unknown> = {};
  window(): WindowState {
    return new WindowState(this, () => JSON.parse(JSON.stringify(this.value)) as Record<string, unknown>, (copy) => (this.value = JSON.parse(JSON.stringify(copy)) as Record<string, unknown>));
  }
}

class WindowState implements vscode.Memento {
  private copy: Record<string, unknown>;
  constructor(
    readonly shared: SharedState,
    private readonly read: () => Record<string, unknown>,
    private readonly writeWhole: (copy: Record<string, unknown>) => void,
  ) {
    this.copy = read();
  }
  /** Another window's writes reach this one. */
  sync(): void {
    this.copy = this.read();
  }
  keys(): readonly string[] {
    return Object.keys(this.copy);
  }
  get<T>(key: string, defaultValue?: T): T {
    return (Object.hasOwn(this.copy, key) ? this.copy[key] : defaultValue) as T;
  }
  update(key: string, value: unknown): Thenable<void> {
    this.copy[key] = JSON.parse(JSON.stringify(value)) as unknown;
    this.writeWhole(this.copy);
    return Promise.resolve();
  }
}

/** Two windows' copies of one global state, and the memory of each. */
function twoWindows(): { stateA: WindowState; stateB: WindowState; a: Memory; b: Memory } {
  const shared = new SharedState();
  const [stateA, stateB] = [shared.window(), shared.window()];
  return { stateA, stateB, a: new Memory(stateA), b: new Memory(stateB) };
}

/** Lets the clock move on, so the next write's stamp is later than the last. */
const laterStamp = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 2));

describe('Memory in two windows, whose copies of global state lag each other’s writes', function () {
  it('an entry another window’s write lost still shows in the window that wrote it, and is stored again by its next write', async function () {
    const { stateA, stateB, a, b } = twoWindows();
    await a.rememberCall('x', 'formal', { text: 'typed in A' });
    await laterStamp();
    // B writes before A's write reached it: the whole of B's copy, without x.
    await b.rememberCall('y', 'friendly', { text: 'typed in B' });
    stateA.sync();
    stateB.sync();
    assert.deepEqual({ ...b.lastValues('x') }, {}, 'lost from global state');
    assert.deepEqual({ ...a.lastValues('x') }, { text: 'typed in A' }, 'A still has it');
    assert.equal(a.lastVariant('x'), 'formal');
    assert.deepEqual(a.recentGists(), ['y', 'x']);
    await a.rememberValues('z', { text: 'later in A' });
    stateB.sync();
    const later = new Memory(stateB);
    assert.deepEqual({ ...later.lastValues('x') }, { text: 'typed in A' }, 'stored again');
    assert.equal(later.lastVariant('x'), 'formal');
    assert.deepEqual({ ...later.lastValues('y') }, { text: 'typed in B' });
    assert.deepEqual(later.recentGists(), ['z', 'y', 'x']);
  });

  it('a newer entry from another window wins over this window’s older one', async function () {
    const { stateA, stateB, a, b } = twoWindows();
    await a.rememberCall('x', 'formal', { text: 'first, in A' });
    await laterStamp();
    stateB.sync();
    await b.rememberCall('x', 'friendly', { text: 'then, in B' });
    stateA.sync();
    assert.deepEqual({ ...a.lastValues('x') }, { text: 'then, in B' });
    assert.equal(a.lastVariant('x'), 'friendly');
    await a.rememberValues('other', { text: 'A writes again' });
    stateB.sync();
    assert.deepEqual({ ...new Memory(stateB).lastValues('x') }, { text: 'then, in B' }, 'A’s older entry is not put back');
  });

  it('an entry taken out of global state with its stamp left (written by hand, as the tests do) stays out', async function () {
    const shared = new SharedState();
    const state = shared.window();
    const memory = new Memory(state);
    await memory.rememberCall('x', 'formal', { text: 'typed' });
    await state.update('gist.recentGists', []);
    await state.update('gist.lastValues', {});
    assert.deepEqual(memory.recentGists(), []);
    assert.deepEqual({ ...memory.lastValues('x') }, {});
    await memory.rememberValues('y', { text: 'next' });
    assert.deepEqual(memory.recentGists(), ['y']);
    assert.deepEqual(Object.keys(state.get<Record<string, unknown>>('gist.lastValues', {})), ['y']);
  });

  it('over any interleaving of writes and syncs in three windows, once each window writes again every gist’s values and variant read as last written', async function () {
    const step = fc.record({ window: fc.integer({ min: 0, max: 2 }), act: fc.constantFrom<'write' | 'sync'>('write', 'sync'), gist: fc.integer({ min: 0, max: 3 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 30 }), async (steps) => {
        const shared = new SharedState();
        const states = [shared.window(), shared.window(), shared.window()];
        const memories = states.map((state) => new Memory(state));
        const latest = new Map<string, string>();
        const variants = new Map<string, string>();
        let written = 0;
        let lastWriteAt = 0;
        // Writes on a later millisecond of the clock each: stamps of one window increase, and across windows follow the
        // order of writes. A 1 ms timer alone does not promise that: Node may fire it before Date.now() moves (seen under
        // load, seed 1469007953), and a window then stamps its write one past its last, ahead of the other windows' clock.
        const write = async (window: number, gist: string): Promise<void> => {
          do await new Promise((resolve) => setTimeout(resolve, 1));
          while (Date.now() <= lastWriteAt);
          const text = `write ${++written} in window ${window}`;
          // Compare Variants remembers values only; Generate the variant too.
          if (written % 2 === 0) await memories[window]!.rememberValues(gist, { text });
          else {
            await memories[window]!.rememberCall(gist, text, { text });
            variants.set(gist, text);
          }
          latest.set(gist, text);
          lastWriteAt = Date.now();
        };
        for (const { window, act, gist } of steps) {
          if (act === 'sync') states[window]!.sync();
          else await write(window, `g${gist}`);
        }
        for (const [window, state] of states.entries()) {
          state.sync();
          await write(window, `final${window}`);
        }
        for (const state of states) state.sync();
        for (const [window, memory] of [...memories, new Memory(states[0]!)].entries()) {
          for (const [gist, text] of latest) {
            assert.deepEqual({ ...memory.lastValues(gist) }, { text }, `${gist} in window ${window}`);
          }
          for (const [gist, variant] of variants) assert.equal(memory.lastVariant(gist), variant, `${gist}'s variant in window ${window}`);
        }
      }),
      { numRuns: 60 },
    );
  });
});
