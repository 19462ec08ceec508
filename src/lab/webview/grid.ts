// The results table: a row per data row, a column per variant, rendered only where it is visible
// (a long file has 100,000 rows; the DOM holds a screenful). One Tab stop: the grid keeps focus
// and `aria-activedescendant` names the active cell, which is always rendered, so a screen reader
// follows the arrow keys as in any grid (WAI-ARIA's grid pattern).
import type { ViewCell, ViewHeader, ViewRow } from '../resultsViewProtocol';
import { element, formatCount, formatMs, replaceChildren } from './dom';

/** Rows are one height, so the scroll position says which rows are visible. */
export const ROW_HEIGHT = 76;
/** Rows rendered above and below the visible ones, so a fast scroll shows text, not gaps. */
const OVERSCAN = 6;
/** Columns before the variants: the row number and the row's values. */
const FIXED_COLUMNS = 2;

export interface GridEvents {
  /** Rows `start` … `start + count - 1` of the current order are about to show and are not loaded. */
  needRows(start: number, count: number): void;
  /** Enter on a cell. */
  open(index: number, variant: number): void;
  /** C on a cell: marks it, or compares it with the marked one. */
  mark(index: number, variant: number): void;
  /** Y on a cell. */
  copyCallId(index: number, variant: number): void;
  /** Enter on a column header: sort by it. */
  sortBy(column: number): void;
  /** Said by the screen reader (a polite live region). */
  announce(text: string): void;
}

export class ResultsGrid {
  readonly root: HTMLElement;
  private readonly headRow: HTMLElement;
  private readonly viewport: HTMLElement;
  private readonly spacer: HTMLElement;
  private header: ViewHeader | undefined;
  private rowCount = 0;
  private rows = new Map<number, ViewRow>();
  /**
   * The places whose row was answered since the last refresh: a row loaded before it (scrolled away
   * since) may have changed, so it is asked for again when it comes into view, and kept if it did not.
   */
  private current = new Set<number>();
  /** The active cell: row -1 is the header row; column 0 is the row number. */
  private active = { row: 0, column: FIXED_COLUMNS };
  private marked: { row: number; column: number } | undefined;
  private sortColumn = 0;
  private sortDescending = false;
  private frame = 0;
  /** The places last drawn, and whether anything drawn changed since: a render that would draw the same is skipped. */
  private drawn: { first: number; last: number } | undefined;
  private dirty = true;

  constructor(private readonly events: GridEvents) {
    this.headRow = element('div', { role: 'row', 'aria-rowindex': '1', class: 'grid-row head' });
    this.spacer = element('div', { class: 'spacer', role: 'presentation' });
    this.viewport = element('div', { class: 'viewport', role: 'rowgroup' }, this.spacer);
    this.root = element('div', { class: 'grid', role: 'grid', tabindex: '0', 'aria-label': 'Results: a row per data row, a column per variant' }, element('div', { role: 'rowgroup', class: 'grid-head' }, this.headRow), this.viewport);
    this.root.addEventListener('keydown', (event) => this.onKey(event));
    this.root.addEventListener('focus', () => this.renderSoon());
    this.viewport.addEventListener('scroll', () => this.renderSoon());
    new ResizeObserver(() => this.renderSoon()).observe(this.viewport);
  }

  setHeader(header: ViewHeader): void {
    this.header = header;
    this.root.setAttribute('aria-colcount', String(FIXED_COLUMNS + header.variants.length));
    this.root.style.setProperty('--variants', String(Math.max(1, header.variants.length)));
    this.dirty = true;
    this.renderHead();
  }

  setSort(column: number, descending: boolean): void {
    this.sortColumn = column;
    this.sortDescending = descending;
    this.renderHead();
  }

  /** A new order: everything loaded so far is dropped. */
  reset(rowCount: number): void {
    this.rows = new Map();
    this.current = new Set();
    this.marked = undefined;
    this.active = { row: Math.min(this.active.row, Math.max(0, rowCount - 1)), column: this.active.column };
    this.dirty = true;
    this.resize(rowCount);
  }

  /** The order kept its places and may have more after them: the rows loaded stay, and stay drawn. */
  resize(rowCount: number): void {
    this.rowCount = rowCount;
    this.root.setAttribute('aria-rowcount', String(rowCount + 1));
    this.spacer.style.height = `${rowCount * ROW_HEIGHT}px`;
    this.renderSoon();
  }

  /** Asks again for the rows in view (results came in): those that changed come back, the rest as `null`. */
  refresh(): void {
    this.current = new Set();
    const { first, last } = this.visibleRange();
    if (last >= first) this.events.needRows(first, last - first + 1);
  }

  /** `null`: the row loaded at that place is as it was when the answer was begun; `current`: that was since the last refresh. */
  addRows(start: number, rows: ReadonlyArray<ViewRow | null>, current: boolean): void {
    rows.forEach((row, offset) => {
      if (current) this.current.add(start + offset);
      if (row === null) return;
      this.rows.set(start + offset, row);
      this.dirty = true;
    });
    if (this.dirty) this.renderSoon();
  }

  private get columns(): number {
    return FIXED_COLUMNS + (this.header?.variants.length ?? 0);
  }

  private renderSoon(): void {
    if (this.frame === 0) {
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.render();
      });
    }
  }

  private renderHead(): void {
    const labels = ['#', 'Values', ...(this.header?.variants ?? [])];
    replaceChildren(
      this.headRow,
      ...labels.map((label, column) =>
        element(
          'div',
          {
            role: 'columnheader',
            id: cellId(-1, column),
            'aria-colindex': String(column + 1),
            'aria-sort': column === this.sortColumn ? (this.sortDescending ? 'descending' : 'ascending') : 'none',
            class: `cell column-${column < FIXED_COLUMNS ? 'fixed' : 'variant'}${this.isActive(-1, column) ? ' active' : ''}`,
          },
          label,
          column === this.sortColumn ? (this.sortDescending ? ' ▼' : ' ▲') : '',
        ),
      ),
    );
    this.updateActiveDescendant();
  }

  /** The places drawn: those in view and a few either side. */
  private visibleRange(): { first: number; last: number } {
    const top = this.viewport.scrollTop;
    const height = this.viewport.clientHeight;
    const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(this.rowCount - 1, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN);
    return { first, last };
  }

  private render(): void {
    const { first, last } = this.visibleRange();
    // Drawn anew only when it would differ: the active cell's node stays (a screen reader follows it) and a run's every second costs nothing on screen.
    if (!this.dirty && this.drawn?.first === first && this.drawn.last === last) return;
    this.dirty = false;
    this.drawn = { first, last };
    const wanted: number[] = [];
    const nodes: HTMLElement[] = [];
    for (let index = first; index <= last; index++) {
      const row = this.rows.get(index);
      if (row === undefined || !this.current.has(index)) wanted.push(index);
      nodes.push(this.renderRow(index, row));
    }
    // The active row stays in the DOM even when scrolled away, so aria-activedescendant finds it.
    if (this.active.row >= 0 && (this.active.row < first || this.active.row > last) && this.active.row < this.rowCount) {
      nodes.push(this.renderRow(this.active.row, this.rows.get(this.active.row)));
    }
    replaceChildren(this.spacer, ...nodes);
    this.renderHead();
    if (wanted.length > 0) {
      this.events.needRows(wanted[0]!, wanted[wanted.length - 1]! - wanted[0]! + 1);
    }
  }

  private renderRow(index: number, row: ViewRow | undefined): HTMLElement {
    const cells: HTMLElement[] = [];
    const rowNumber = row === undefined ? '…' : String(row.row);
    cells.push(this.cellElement(index, 0, [element('span', { class: 'row-number' }, rowNumber)], row === undefined ? 'Loading' : `Row ${row.row}, line ${row.line} of the data file`));
    cells.push(this.cellElement(index, 1, row === undefined ? [] : [element('span', { class: 'values' }, row.rowError === undefined ? row.values : `Not sent: ${row.rowError}`)], row?.values ?? ''));
    const variants = this.header?.variants ?? [];
    variants.forEach((variant, offset) => {
      const cell = row?.cells[offset];
      cells.push(this.cellElement(index, FIXED_COLUMNS + offset, cell === undefined ? [] : cellContent(cell, this.header?.samples ?? 1), cell === undefined ? '' : cellLabel(variant, cell)));
    });
    const node = element('div', { role: 'row', class: 'grid-row', 'aria-rowindex': String(index + 2) }, ...cells);
    node.style.top = `${index * ROW_HEIGHT}px`;
    return node;
  }

  private cellElement(index: number, column: number, children: Node[], label: string): HTMLElement {
    const classes = ['cell', column < FIXED_COLUMNS ? 'column-fixed' : 'column-variant'];
    if (this.isActive(index, column)) classes.push('active');
    if (this.marked?.row === index && this.marked.column === column) classes.push('marked');
    const cell = element('div', { role: 'gridcell', id: cellId(index, column), 'aria-colindex': String(column + 1), class: classes.join(' '), title: label }, ...children);
    if (label !== '') cell.setAttribute('aria-label', label);
    return cell;
  }

  private isActive(row: number, column: number): boolean {
    return this.active.row === row && this.active.column === column;
  }

  private updateActiveDescendant(): void {
    this.root.setAttribute('aria-activedescendant', cellId(this.active.row, this.active.column));
  }

  private move(row: number, column: number): void {
    this.active = { row: Math.max(-1, Math.min(this.rowCount - 1, row)), column: Math.max(0, Math.min(this.columns - 1, column)) };
    if (this.active.row >= 0) {
      const top = this.active.row * ROW_HEIGHT;
      if (top < this.viewport.scrollTop) this.viewport.scrollTop = top;
      else if (top + ROW_HEIGHT > this.viewport.scrollTop + this.viewport.clientHeight) this.viewport.scrollTop = top + ROW_HEIGHT - this.viewport.clientHeight;
    }
    this.dirty = true;
    this.render();
  }

  private onKey(event: KeyboardEvent): void {
    const { row, column } = this.active;
    const page = Math.max(1, Math.floor(this.viewport.clientHeight / ROW_HEIGHT) - 1);
    const variant = column - FIXED_COLUMNS;
    const handled = ((): boolean => {
      switch (event.key) {
        case 'ArrowDown':
          this.move(row + 1, column);
          return true;
        case 'ArrowUp':
          this.move(row - 1, column);
          return true;
        case 'ArrowRight':
          this.move(row, column + 1);
          return true;
        case 'ArrowLeft':
          this.move(row, column - 1);
          return true;
        case 'Home':
          this.move(event.ctrlKey ? 0 : row, event.ctrlKey ? column : 0);
          return true;
        case 'End':
          this.move(event.ctrlKey ? this.rowCount - 1 : row, event.ctrlKey ? column : this.columns - 1);
          return true;
        case 'PageDown':
          this.move(row + page, column);
          return true;
        case 'PageUp':
          this.move(Math.max(0, row - page), column);
          return true;
        case 'Enter':
          if (row === -1) this.events.sortBy(column);
          else if (variant >= 0) this.events.open(row, variant);
          else this.events.announce('Move to a variant’s column to open its text.');
          return true;
        case 'c':
        case 'C':
          if (row >= 0 && variant >= 0 && !event.ctrlKey && !event.metaKey) {
            this.events.mark(row, variant);
            return true;
          }
          return false;
        case 'y':
        case 'Y':
          if (row >= 0 && variant >= 0) this.events.copyCallId(row, variant);
          return row >= 0 && variant >= 0;
        case 'Escape':
          if (this.marked !== undefined) {
            this.setMarked(undefined);
            this.events.announce('No cell is marked for comparing now.');
            return true;
          }
          return false;
        default:
          return false;
      }
    })();
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  setMarked(cell: { index: number; variant: number } | undefined): void {
    this.marked = cell === undefined ? undefined : { row: cell.index, column: FIXED_COLUMNS + cell.variant };
    this.dirty = true;
    this.renderSoon();
  }

  focus(): void {
    this.root.focus();
  }
}

function cellId(row: number, column: number): string {
  return `cell-${row < 0 ? 'head' : row}-${column}`;
}

function cellContent(cell: ViewCell, samples: number): Node[] {
  if (cell.missing) {
    return [element('span', { class: 'missing' }, 'no result yet')];
  }
  const text = element('div', { class: cell.failed ? 'text failed' : 'text' }, cell.failed ? `✗ ${cell.errorKind ?? 'failed'}: ${cell.preview}` : cell.preview);
  // Several samples: the facts say how they spread (the length of each, not of the first one).
  const facts = [formatMs(cell.latencyMs), ...(cell.distribution !== undefined ? [cell.distribution.text] : cell.length === undefined ? [] : [`${formatCount(cell.length)} chars`])];
  // A check run's grade leads the cell: what the checks said, then the text they read.
  const check = cell.check === undefined ? [] : [element('div', { class: cell.check.pass ? 'check passed' : 'check failed' }, cell.check.pass ? '✓ checks passed' : `✗ ${cell.check.reasons.join(' · ')}`)];
  // Above it, a mark where the checks passed in some samples and failed in others.
  const flaky = cell.distribution?.flaky === undefined ? [] : [element('div', { class: 'flaky' }, element('span', { 'aria-hidden': 'true' }, '≋ '), cell.distribution.flaky)];
  if (samples > 1 && cell.distribution === undefined) {
    facts.push(cell.samples < samples ? `${cell.samples} of ${samples} samples` : cell.distinct <= 1 ? `${samples} samples, all the same` : `${samples} samples, ${cell.distinct} different`);
  }
  return [...flaky, ...check, text, element('div', { class: 'facts' }, facts.join(' · '))];
}

/** What a screen reader says for a cell. */
function cellLabel(variant: string, cell: ViewCell): string {
  if (cell.missing) return `${variant}: no result yet`;
  const samples = cell.distribution !== undefined ? `, ${cell.distribution.text}` : cell.samples > 1 ? `, ${cell.samples} samples, ${cell.distinct} different` : '';
  const flaky = cell.distribution?.flaky === undefined ? '' : `${cell.distribution.flaky}. `;
  const check = `${flaky}${cell.check === undefined ? '' : cell.check.pass ? 'checks passed. ' : `checks failed: ${cell.check.reasons.join('; ')}. `}`;
  return cell.failed
    ? `${variant}: failed, ${cell.errorKind ?? ''}: ${cell.preview}${samples}`
    : `${variant}: ${check}${cell.preview}. ${formatMs(cell.latencyMs)}, ${formatCount(cell.length)} characters${samples}`;
}
