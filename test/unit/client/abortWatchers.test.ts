// watchAbort: one `abort` listener per signal, each watcher called once unless it stopped watching.
import { strict as assert } from 'node:assert';
import { watchAbort } from '../../../src/client/abortWatchers';

describe('abort watchers', function () {
  it('adds one listener to a signal however many watch it, and calls each live watcher once', function () {
    const controller = new AbortController();
    let added = 0;
    const add = controller.signal.addEventListener.bind(controller.signal);
    controller.signal.addEventListener = ((...args: Parameters<AbortSignal['addEventListener']>) => {
      added += 1;
      add(...args);
    });
    const calls: string[] = [];
    const unwatchers = Array.from({ length: 1000 }, (_, index) => watchAbort(controller.signal, () => calls.push(`w${index}`)));
    assert.equal(added, 1);
    for (const [index, unwatch] of unwatchers.entries()) if (index % 2 === 1) unwatch();
    controller.abort();
    controller.abort();
    assert.equal(calls.length, 500);
    assert.deepEqual(calls.slice(0, 3), ['w0', 'w2', 'w4']);
  });

  it('calls a watcher at once when the signal has aborted already', function () {
    let called = 0;
    const unwatch = watchAbort(AbortSignal.abort(), () => (called += 1));
    assert.equal(called, 1);
    unwatch();
    assert.equal(called, 1);
  });

  it('a watcher that stops watching while another is called is not called', function () {
    const controller = new AbortController();
    const calls: string[] = [];
    let unwatchSecond = (): void => undefined;
    watchAbort(controller.signal, () => {
      calls.push('first');
      unwatchSecond();
    });
    unwatchSecond = watchAbort(controller.signal, () => calls.push('second'));
    controller.abort();
    assert.deepEqual(calls, ['first'], 'as an EventTarget skips a listener removed during the dispatch');
  });
});
