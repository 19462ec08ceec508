// What the results view's webview holds of the table, as the extension knows it: for each place of
// the current order it was sent a row for, that row's number and stamp (resultsIndex.ts). While a run
// appends, the view is told of new results every second and asks for its visible rows again; the rows
// it holds at their current stamp are answered "keep yours" instead of being read from the file and
// drawn again (each was, every second, and the table blinked "…" in between). Pure: no `vscode`.

/** A row as it is now: its number in the data and the stamp of its last change. */
export interface RowState {
  readonly row: number;
  readonly stamp: number;
}

export class HeldRows {
  private readonly held = new Map<number, RowState>();

  /** A new order (or a webview loaded anew): it holds nothing the extension can count on. */
  clear(): void {
    this.held.clear();
  }

  /** Of the rows at places `start`… as they are now, those the webview does not hold so: the ones to read. */
  toRead(start: number, now: readonly RowState[]): RowState[] {
    return now.filter((state, offset) => {
      const held = this.held.get(start + offset);
      return held === undefined || held.row !== state.row || held.stamp !== state.stamp;
    });
  }

  /**
   * The answer for places `start`…: each row read, `null` where the webview holds it as it is (or
   * where it could not be read). What is answered is held from then on: answers must reach the
   * webview in the order they are made, and only while the order is the same.
   */
  answer<Row>(start: number, now: readonly RowState[], read: ReadonlyMap<number, Row>): Array<Row | null> {
    return now.map((state, offset) => {
      const row = read.get(state.row);
      if (row === undefined) return null;
      this.held.set(start + offset, state);
      return row;
    });
  }
}

/**
 * Whether `next` begins with all of `previous`: then every place the webview holds a row for still
 * has that row (the rows a run added since come after), and the view keeps what it holds.
 */
export function keepsPlaces(previous: readonly number[], next: readonly number[]): boolean {
  if (next.length < previous.length) return false;
  for (let place = 0; place < previous.length; place++) {
    if (previous[place] !== next[place]) return false;
  }
  return true;
}
