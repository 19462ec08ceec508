// Gist ids and variable names come from outside: `constructor`, `toString` and `__proto__` are
// ordinary names, never looked up on Object.prototype nor dropped (issue 13, item 13).
import { strict as assert } from 'node:assert';
import { capEntry, parseHistory } from '../../../src/history/historyEntry';
import { parseCompareArgs } from '../../../src/generation/compareArgs';
import { planVariables } from '../../../src/catalog/editorTemplate';
import { parseGenerateArgs } from '../../../src/generation/generateArgs';
import type * as vscode from 'vscode';
import { Memory } from '../../../src/generation/memory';

const NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

/** `{constructor: 'a', toString: 'b', __proto__: 'c', …}` with `__proto__` an own key, as JSON.parse makes it. */
function hostileValues(): Record<string, string> {
  return JSON.parse(JSON.stringify(Object.fromEntries(NAMES.map((name) => [name, `value of ${name}`])))) as Record<string, string>;
}

function assertAllValues(values: Readonly<Record<string, string>> | undefined): void {
  assert.ok(values !== undefined);
  assert.deepEqual(Object.keys(values).sort(), [...NAMES].sort());
  for (const name of NAMES) {
    assert.ok(Object.hasOwn(values, name), `${name} is an own key`);
    assert.equal(values[name], `value of ${name}`);
  }
  // The request body carries `__proto__` as a normal key.
  assert.deepEqual(Object.keys((JSON.parse(JSON.stringify({ values })) as { values: object }).values).sort(), [...NAMES].sort());
}

describe('prototype keys in outside text', function () {
  it('gist.generate arguments keep constructor, toString and __proto__ as values', function () {
    const parsed = parseGenerateArgs(JSON.parse(JSON.stringify({ gistId: 'constructor', values: hostileValues() })));
    assert.ok(parsed?.ok === true, JSON.stringify(parsed));
    assert.equal(parsed.request.gistId, 'constructor');
    assertAllValues(parsed.request.values);
  });

  it('gist.compareVariants arguments keep them too', function () {
    const parsed = parseCompareArgs(JSON.parse(JSON.stringify({ gistId: 'toString', variants: ['a', 'b'], values: hostileValues() })));
    assert.ok(parsed?.ok === true, JSON.stringify(parsed));
    assertAllValues(parsed.request.values);
  });

  it('variables named like Object.prototype members have no remembered value unless one was stored', function () {
    const plan = planVariables(NAMES.map((name) => ({ name })), {}, {});
    assert.deepEqual(plan, NAMES.map((name) => ({ name, kind: 'ask', prefill: '' })));
    const remembered = planVariables(NAMES.map((name) => ({ name })), {}, hostileValues());
    assert.deepEqual(remembered, NAMES.map((name) => ({ name, kind: 'ask', prefill: `value of ${name}` })));
  });

  it('the stored history keeps such values across a restart', function () {
    const stored = JSON.parse(JSON.stringify([capEntry({ gistId: 'constructor', label: 'constructor', values: hostileValues(), at: 1 })])) as unknown;
    const [entry] = parseHistory(stored);
    assert.equal(entry?.gistId, 'constructor');
    assertAllValues(entry?.values);
  });

  it('what is remembered per gist keeps a gist named __proto__ or constructor, and only own entries count', async function () {
    const saved = new Map<string, unknown>();
    const store: vscode.Memento = {
      keys: () => [...saved.keys()],
      get: <T>(key: string, defaultValue?: T) => (saved.has(key) ? saved.get(key) : defaultValue) as T,
      // Stored as JSON, as VS Code stores global state.
      update: (key: string, value: unknown) => Promise.resolve(void saved.set(key, JSON.parse(JSON.stringify(value)) as unknown)),
    };
    const memory = new Memory(store);
    for (const id of NAMES) {
      await memory.rememberCall(id, `variant of ${id}`, {});
    }
    const stored = saved.get('gist.lastVariant') as Record<string, string>;
    assert.deepEqual(Object.keys(stored).sort(), [...NAMES].sort());
    assert.equal(stored.__proto__, 'variant of __proto__');
    for (const id of NAMES) assert.equal(new Memory(store).lastVariant(id), `variant of ${id}`, `${id}, read by the next window`);
    assert.equal(new Memory(store).lastVariant('hasOwn'), undefined);
  });
});
