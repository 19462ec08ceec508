// What the results view's webview holds, as the extension keeps track of it: rows it holds as they
// are now are answered "keep yours" (no read, no redraw), and whatever the interleaving of a run's
// new results, new orders, requests and late answers, the webview ends up showing every row in view
// as it is now (property).
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { HeldRows, keepsPlaces, type RowState } from '../../../src/lab/heldRows';
import { ResultsIndex } from '../../../src/lab/resultsIndex';
import { resultsHeaderOf } from '../../fixtures/resultsHeader';
import { resultLineOf } from '../../fixtures/resultLine';

describe('rows the results view holds', function () {
  it('an order keeps its places when it begins with the previous one', function () {
    assert.equal(keepsPlaces([], []), true);
    assert.equal(keepsPlaces([], [3, 1]), true);
    assert.equal(keepsPlaces([1, 2], [1, 2, 3]), true, 'a run added row 3 after them');
    assert.equal(keepsPlaces([1, 2, 3], [1, 2]), false, 'fewer rows: a filter');
    assert.equal(keepsPlaces([1, 3], [1, 2, 3]), false, 'row 2 came in between: row 3 moved');
    assert.equal(keepsPlaces([2, 1], [1, 2]), false);
  });

  it('answers null for a row held at its stamp, reads it again once its stamp or its place’s row changes', function () {
    const held = new HeldRows();
    const now: RowState[] = [
      { row: 1, stamp: 4 },
      { row: 2, stamp: 5 },
    ];
    assert.deepEqual(held.toRead(10, now), now, 'nothing is held yet');
    assert.deepEqual(held.answer(10, now, new Map([[1, 'one'], [2, 'two']])), ['one', 'two']);
    assert.deepEqual(held.toRead(10, now), []);
    assert.deepEqual(held.answer(10, now, new Map()), [null, null]);
    assert.deepEqual(held.toRead(10, [{ row: 1, stamp: 4 }, { row: 2, stamp: 6 }]), [{ row: 2, stamp: 6 }], 'row 2 took a line');
    assert.deepEqual(held.toRead(11, [{ row: 1, stamp: 4 }]), [{ row: 1, stamp: 4 }], 'another place holds row 2');
    held.clear();
    assert.deepEqual(held.toRead(10, now), now, 'a new order holds nothing');
  });

  it('the index stamps a row anew with each line taken for it, read or told, and a replaced file’s rows anew', async function () {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gist-held-rows-'));
    try {
      const file = path.join(dir, 'people.welcome-email.gistrun.jsonl');
      const line = (row: number, variant: string, content: string): string => JSON.stringify(resultLineOf({ row, variant, content, latencyMs: 10, error: null }));
      writeFileSync(file, [JSON.stringify(resultsHeaderOf()), line(1, 'formal', 'Dear Al'), line(2, 'formal', 'Dear Bea'), ''].join('\n'));
      const index = await ResultsIndex.open(file);
      const stamp = (row: number): number => index.rows.get(row)?.stamp ?? -1;
      const [one, two] = [stamp(1), stamp(2)];
      assert.notEqual(one, two);
      appendFileSync(file, `${line(1, 'friendly', 'Hi Al')}\n`);
      await index.catchUp();
      assert.ok(stamp(1) > Math.max(one, two), 'row 1 took a line: a stamp no row had');
      assert.equal(stamp(2), two, 'row 2 took none');
      const before = stamp(1);
      writeFileSync(file, [JSON.stringify(resultsHeaderOf({ startedAt: '2026-11-28T00:00:00.000Z' })), line(1, 'formal', 'Dear Al'), ''].join('\n'));
      await index.catchUp();
      assert.ok(stamp(1) > before, 'the file was replaced: its row 1 is another row');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a row loaded, scrolled away from and changed shows as it is now when scrolled back to', function () {
    const world = new World();
    for (let row = 0; row < 20; row++) world.add();
    world.publish();
    world.drain();
    world.scroll(10);
    world.drain();
    world.scroll(0);
    world.change(11);
    world.publish();
    world.drain();
    world.scroll(8);
    world.drain();
    world.assertViewCurrent();
  });

  it('an answer begun before a status and posted after it does not count as current (found by the property test)', function () {
    const world = new World();
    const steps: Array<[Step, number]> = [['add', 0], ['add', 0], ['publish', 0], ['deliver', 0], ['flipOrder', 0], ['serveStart', 0], ['scroll', 0], ['flipOrder', 0], ['serveEnd', 0], ['flipOrder', 0], ['serveStart', 0], ['change', 0], ['change', 0], ['change', 0], ['change', 0], ['scroll', 217], ['change', 0], ['flipOrder', 0], ['change', 0]];
    for (const [kind, pick] of steps) world[kind](pick);
    world.settle();
    world.scroll(0);
    world.drain();
    world.assertViewCurrent();
  });

  it('whatever interleaves, and wherever the user scrolls, the webview ends up showing every row in view as it is now (property)', function () {
    const step = fc.tuple(fc.constantFrom<Step>('change', 'add', 'flipOrder', 'publish', 'deliver', 'serveStart', 'serveEnd', 'scroll'), fc.nat(1_000));
    fc.assert(
      fc.property(fc.array(step, { minLength: 10, maxLength: 120, size: 'max' }), (steps) => {
        const world = new World();
        for (const [kind, pick] of steps) world[kind](pick);
        world.settle();
        // Wherever the user scrolls after, rows loaded before the last results (scrolled away since) show as they are now.
        for (let top = 0; top === 0 || top < world.rowCount; top += VISIBLE) {
          world.scroll(top);
          world.drain();
          world.assertViewCurrent();
        }
      }),
      { numRuns: 2_000 },
    );
  });
});

/** Rows as the webview gets them: which row, read at which stamp. */
interface Shown {
  readonly row: number;
  readonly stamp: number;
}
type ToWebview = { type: 'status'; generation: number; round: number; count: number } | { type: 'rows'; generation: number; round: number; start: number; rows: Array<Shown | null> };

const VISIBLE = 8;
type Step = 'change' | 'add' | 'flipOrder' | 'publish' | 'deliver' | 'serveStart' | 'serveEnd' | 'scroll';

/**
 * The results file (rows and their stamps), the extension's half as ResultsPanel runs it (its order,
 * generation, HeldRows, one answer at a time) and the webview's half as resultsView.ts and grid.ts
 * run it (rows held by place; a new generation drops them; `null` keeps one), with the messages
 * between them in flight.
 */
class World {
  private readonly stamps = new Map<number, number>();
  private lastStamp = 0;
  private descending = false;
  // The extension's half.
  private order: number[] = [];
  private generation = 0;
  private round = 0;
  private readonly held = new HeldRows();
  private readonly requests: Array<{ start: number; count: number }> = [];
  private serving: { start: number; now: RowState[]; toRead: RowState[]; generation: number; round: number } | undefined;
  // The webview's half.
  private readonly inbox: ToWebview[] = [];
  private viewGeneration = 0;
  private viewRound = 0;
  private viewCount = 0;
  private viewRows = new Map<number, Shown>();
  /** Places answered since the last status (grid.ts's `current`), and the first place in view. */
  private viewCurrent = new Set<number>();
  private viewTop = 0;

  get rowCount(): number {
    return this.order.length;
  }

  change(pick: number): void {
    const rows = [...this.stamps.keys()];
    if (rows.length === 0) return;
    this.stamps.set(rows[pick % rows.length]!, ++this.lastStamp);
  }

  add(): void {
    this.stamps.set(this.stamps.size + 1, ++this.lastStamp);
  }

  flipOrder(): void {
    this.descending = !this.descending;
  }

  publish(): void {
    const order = [...this.stamps.keys()].sort((a, b) => (this.descending ? b - a : a - b));
    if (!keepsPlaces(this.order, order)) {
      this.generation += 1;
      this.held.clear();
    }
    this.order = order;
    this.round += 1;
    this.inbox.push({ type: 'status', generation: this.generation, round: this.round, count: order.length });
  }

  deliver(): void {
    const message = this.inbox.shift();
    if (message === undefined) return;
    if (message.type === 'rows') {
      if (message.generation !== this.viewGeneration) return;
      message.rows.forEach((row, offset) => {
        if (message.round === this.viewRound) this.viewCurrent.add(message.start + offset);
        if (row !== null) this.viewRows.set(message.start + offset, row);
      });
      return;
    }
    if (message.generation !== this.viewGeneration) {
      this.viewGeneration = message.generation;
      this.viewRows = new Map();
    }
    this.viewCurrent = new Set();
    this.viewRound = message.round;
    this.viewCount = message.count;
    this.viewTop = Math.min(this.viewTop, Math.max(0, this.viewCount - 1));
    // Held or not, the rows in view are asked for (a refresh, or the render's loading).
    const count = Math.min(VISIBLE, this.viewCount - this.viewTop);
    if (count > 0) this.requests.push({ start: this.viewTop, count });
  }

  /** The user scrolls: the places in view not answered since the last status are asked for (grid.ts's render). */
  scroll(pick: number): void {
    this.viewTop = this.viewCount === 0 ? 0 : pick % this.viewCount;
    const wanted: number[] = [];
    for (let place = this.viewTop; place < Math.min(this.viewTop + VISIBLE, this.viewCount); place++) {
      if (!this.viewRows.has(place) || !this.viewCurrent.has(place)) wanted.push(place);
    }
    if (wanted.length > 0) this.requests.push({ start: wanted[0]!, count: wanted[wanted.length - 1]! - wanted[0]! + 1 });
  }

  serveStart(): void {
    if (this.serving !== undefined) return;
    const request = this.requests.shift();
    if (request === undefined) return;
    const now = this.order.slice(request.start, request.start + request.count).map((row) => ({ row, stamp: this.stamps.get(row) ?? -1 }));
    this.serving = { start: request.start, now, toRead: this.held.toRead(request.start, now), generation: this.generation, round: this.round };
  }

  serveEnd(): void {
    const serving = this.serving;
    if (serving === undefined) return;
    this.serving = undefined;
    // Read after the stamps were taken: a line taken in between is in what is read.
    const read = new Map(serving.toRead.map((state) => [state.row, { row: state.row, stamp: this.stamps.get(state.row) ?? -1 }]));
    if (serving.generation !== this.generation) return;
    this.inbox.push({ type: 'rows', generation: serving.generation, round: serving.round, start: serving.start, rows: this.held.answer(serving.start, serving.now, read) });
  }

  /** The run ends: a last status, and everything in flight is handled. */
  settle(): void {
    this.publish();
    this.drain();
  }

  /** Everything in flight is handled. */
  drain(): void {
    for (let rounds = 0; rounds < 100 && (this.inbox.length > 0 || this.requests.length > 0 || this.serving !== undefined); rounds++) {
      this.serveEnd();
      while (this.inbox.length > 0) this.deliver();
      while (this.requests.length > 0) {
        this.serveStart();
        this.serveEnd();
      }
    }
  }

  assertViewCurrent(): void {
    assert.equal(this.viewGeneration, this.generation);
    assert.equal(this.viewCount, this.order.length);
    for (let place = this.viewTop; place < Math.min(this.viewTop + VISIBLE, this.order.length); place++) {
      const row = this.order[place]!;
      assert.deepEqual(this.viewRows.get(place), { row, stamp: this.stamps.get(row) }, `place ${place}`);
    }
  }
}
