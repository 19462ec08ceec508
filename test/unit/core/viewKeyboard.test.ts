// A command waits for a webview of ours that is getting the keyboard back from the Command Palette
// (viewKeyboard.ts): only a view that lost it to a key pressed in it and is the active editor, until
// it reports the keyboard back, stops being active or is gone, and once at most for MAX_WAIT_MS.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { isKeyboardReport, KEY_BEFORE_LOSS_MS, KeyboardWatch, type KeyboardReport } from '../../../src/shared/keyboardReport';
import { ViewKeyboard, type KeyboardPanel } from '../../../src/shared/viewKeyboard';

/** A panel as VS Code tells of it: the active editor or not, and an event at each change. */
class Panel implements KeyboardPanel {
  private readonly listeners = new Set<() => void>();

  constructor(public active: boolean) {}

  readonly onDidChangeViewState: KeyboardPanel['onDidChangeViewState'] = (listener) => {
    const call = (): void => void listener({ webviewPanel: this as never });
    this.listeners.add(call);
    return { dispose: () => this.listeners.delete(call) };
  };

  change(active: boolean): void {
    this.active = active;
    for (const listener of [...this.listeners]) listener();
  }

  get listening(): number {
    return this.listeners.size;
  }
}

const gotIt: KeyboardReport = { type: 'keyboard', focused: true, afterKey: false };
const lostToKey: KeyboardReport = { type: 'keyboard', focused: false, afterKey: true };
const lostToMouse: KeyboardReport = { type: 'keyboard', focused: false, afterKey: false };

/** Whether `promise` has settled once pending callbacks ran. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('ViewKeyboard: a command waits for a view getting the keyboard back', () => {
  it('runs at once with no view, a focused view, one left with the mouse, or one not the active editor', () => {
    const keyboard = new ViewKeyboard();
    assert.equal(keyboard.returning(), undefined);
    const focused = keyboard.follow(new Panel(true));
    focused.report(gotIt);
    assert.equal(keyboard.returning(), undefined);
    focused.report(lostToMouse);
    assert.equal(keyboard.returning(), undefined);
    const inactive = keyboard.follow(new Panel(false));
    inactive.report(lostToKey);
    assert.equal(keyboard.returning(), undefined);
  });

  it('waits for an active view that lost the keyboard to a key, until it reports it back', async () => {
    const keyboard = new ViewKeyboard();
    const panel = new Panel(true);
    const view = keyboard.follow(panel);
    view.report(lostToKey);
    const returning = keyboard.returning();
    assert.ok(returning !== undefined);
    assert.equal(await settled(returning), false);
    view.report(gotIt);
    assert.equal(await settled(returning), true);
    assert.equal(panel.listening, 0, 'the wait stops listening to the panel');
    assert.equal(keyboard.returning(), undefined);
  });

  it('ends the wait when the view stops being the active editor or is gone', async () => {
    const keyboard = new ViewKeyboard();
    const panel = new Panel(true);
    const view = keyboard.follow(panel);
    view.report(lostToKey);
    const first = keyboard.returning();
    assert.ok(first !== undefined);
    panel.change(false);
    assert.equal(await settled(first), true);

    panel.change(true);
    const second = keyboard.returning();
    assert.ok(second !== undefined);
    view.dispose();
    assert.equal(await settled(second), true);
    assert.equal(keyboard.returning(), undefined);
  });

  it('waits at most maxWaitMs, and not again for a view that never got it back', async () => {
    const keyboard = new ViewKeyboard(20);
    const view = keyboard.follow(new Panel(true));
    view.report(lostToKey);
    const returning = keyboard.returning();
    assert.ok(returning !== undefined);
    const started = performance.now();
    await returning;
    assert.ok(performance.now() - started >= 15);
    assert.equal(keyboard.returning(), undefined);
    // Lost to a key again: waited for again.
    view.report(lostToKey);
    assert.ok(keyboard.returning() !== undefined);
    view.report(gotIt);
  });

  it('whenSettled runs a handler at once, with its result, or only once the view has the keyboard', async () => {
    const keyboard = new ViewKeyboard();
    const calls: unknown[][] = [];
    const command = keyboard.whenSettled((...args: unknown[]) => {
      calls.push(args);
      return 'ran';
    });
    assert.equal(command(1, 'a'), 'ran');
    assert.deepEqual(calls, [[1, 'a']]);

    const view = keyboard.follow(new Panel(true));
    view.report(lostToKey);
    const result = command(2);
    assert.ok(result instanceof Promise);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(calls.length, 1, 'not run before the view has the keyboard');
    view.report(gotIt);
    assert.equal(await result, 'ran');
    assert.deepEqual(calls[1], [2]);
  });
});

describe('isKeyboardReport: what a webview posts', () => {
  it('takes well-formed reports', () => {
    for (const report of [gotIt, lostToKey, lostToMouse]) assert.equal(isKeyboardReport(report), true);
  });

  it('refuses anything else', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const wellFormed = typeof value === 'object' && value !== null && (value as Record<string, unknown>).type === 'keyboard' && typeof (value as Record<string, unknown>).focused === 'boolean' && typeof (value as Record<string, unknown>).afterKey === 'boolean';
        assert.equal(isKeyboardReport(value), wellFormed);
      }),
      { numRuns: 500 },
    );
    for (const value of [null, 'keyboard', { type: 'keyboard' }, { type: 'keyboard', focused: 'yes', afterKey: false }, { type: 'keyboard', focused: true, afterKey: 1 }]) assert.equal(isKeyboardReport(value), false);
  });
});

describe('KeyboardWatch: whether a view lost the keyboard to a key pressed in it', () => {
  it('a loss right after a key is the key’s doing; later, or with no key, it is not', () => {
    const watch = new KeyboardWatch();
    assert.deepEqual(watch.lost(1_000), lostToMouse);
    watch.key(2_000);
    assert.deepEqual(watch.lost(2_000 + KEY_BEFORE_LOSS_MS - 1), lostToKey);
    assert.deepEqual(watch.lost(2_000 + KEY_BEFORE_LOSS_MS), lostToMouse);
  });

  it('a key from before the view got the keyboard back does not count for the next loss', () => {
    // F1 in the view, the palette closes at once, the view has the keyboard again, and an input of
    // a command run from there takes it: that loss is the input's, and nothing comes back to wait for.
    const watch = new KeyboardWatch();
    watch.key(0);
    assert.deepEqual(watch.lost(20), lostToKey);
    assert.deepEqual(watch.focused(), gotIt);
    assert.deepEqual(watch.lost(200), lostToMouse);
  });
});
