// Which of the lab's webviews are loading their page (webviewLoads.ts): a shown panel loads until
// its script says it is ready, a hidden one loads nothing (it keeps no context), and one shown
// again loads anew. The integration suite waits on this before it closes a webview, and counts the
// ones closed while loading.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { WebviewLoads, type ShownPanel } from '../../../src/lab/webviewLoads';

/** A panel as VS Code tells of it: shown or not, and an event at each change of view state. */
class Panel implements ShownPanel {
  visible: boolean;
  private readonly listeners = new Set<() => void>();

  constructor(visible: boolean) {
    this.visible = visible;
  }

  readonly onDidChangeViewState: ShownPanel['onDidChangeViewState'] = (listener) => {
    const call = (): void => void listener({ webviewPanel: this as never });
    this.listeners.add(call);
    return { dispose: () => this.listeners.delete(call) };
  };

  /** Shown or hidden; `visible` unchanged is the panel becoming active or inactive. */
  change(visible: boolean): void {
    this.visible = visible;
    for (const listener of [...this.listeners]) listener();
  }
}

describe('WebviewLoads: the lab webviews still loading their page', function () {
  it('a panel opened shown loads until ready; hidden, then shown again, it loads anew', function () {
    const loads = new WebviewLoads();
    const panel = new Panel(true);
    const load = loads.follow(panel);
    assert.deepEqual(loads.counts, { loading: 1, discardedWhileLoading: 0 });
    panel.change(true);
    assert.equal(loads.counts.loading, 1, 'made active, it still loads');
    load.ready();
    assert.equal(loads.counts.loading, 0);
    panel.change(true);
    assert.equal(loads.counts.loading, 0, 'made active again, it loads nothing');
    panel.change(false);
    panel.change(true);
    assert.equal(loads.counts.loading, 1, 'shown again, its page loads again');
    load.dispose();
    assert.deepEqual(loads.counts, { loading: 0, discardedWhileLoading: 1 });
  });

  it('a panel opened hidden loads nothing until it is shown, and one closed after it was ready is not counted', function () {
    const loads = new WebviewLoads();
    const panel = new Panel(false);
    const load = loads.follow(panel);
    assert.equal(loads.counts.loading, 0);
    panel.change(true);
    assert.equal(loads.counts.loading, 1);
    load.ready();
    load.dispose();
    panel.change(false);
    assert.deepEqual(loads.counts, { loading: 0, discardedWhileLoading: 0 }, 'a closed panel is followed no more');
  });

  it('a panel hidden while it loads counts as one whose page was discarded, as one closed so does', function () {
    const loads = new WebviewLoads();
    const panel = new Panel(true);
    const load = loads.follow(panel);
    panel.change(false);
    assert.deepEqual(loads.counts, { loading: 0, discardedWhileLoading: 1 });
    panel.change(true);
    load.ready();
    panel.change(false);
    assert.deepEqual(loads.counts, { loading: 0, discardedWhileLoading: 1 }, 'hidden once ready, nothing more');
    load.dispose();
  });

  it('over any sequence of shows, hides, activations, readies and closes of several panels, counts as a model does', function () {
    type Step = { readonly panel: number; readonly act: 'show' | 'hide' | 'activate' | 'ready' | 'close' };
    const step = fc.record({ panel: fc.integer({ min: 0, max: 2 }), act: fc.constantFrom('show', 'hide', 'activate', 'ready', 'close') }) as fc.Arbitrary<Step>;
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), fc.array(step, { maxLength: 40 }), (shownAtFirst, steps) => {
        const loads = new WebviewLoads();
        const panels = shownAtFirst.map((shown) => new Panel(shown));
        const followed = panels.map((panel) => loads.follow(panel));
        // The model: loading while shown and not ready since last shown; a closed panel is gone.
        const loading = shownAtFirst.slice();
        const open = [true, true, true];
        let discardedWhileLoading = 0;
        for (const { panel: at, act } of steps) {
          const panel = panels[at]!;
          if (!open[at]) continue;
          if (act === 'show') {
            if (!panel.visible) loading[at] = true;
            panel.change(true);
          } else if (act === 'hide') {
            if (loading[at]) discardedWhileLoading++;
            loading[at] = false;
            panel.change(false);
          } else if (act === 'activate') {
            panel.change(panel.visible);
          } else if (act === 'ready') {
            // A script says ready only while its page is shown.
            if (panel.visible) {
              loading[at] = false;
              followed[at]!.ready();
            }
          } else {
            if (loading[at]) discardedWhileLoading++;
            loading[at] = false;
            open[at] = false;
            followed[at]!.dispose();
          }
          assert.deepEqual(loads.counts, { loading: loading.filter(Boolean).length, discardedWhileLoading });
          panels.forEach((one, index) => {
            if (open[index]) assert.equal(followed[index]!.isReady, one.visible && !loading[index], `panel ${index} ready`);
          });
        }
      }),
      { numRuns: 200 },
    );
  });
});
