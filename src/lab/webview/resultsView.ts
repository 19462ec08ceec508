// The results view's webview: the run's header, per-variant figures, the toolbar (filter, only
// different rows, only failures, sort, Rerun failed, Resume, Export) and the table. It holds no
// file: it asks the extension for the rows it shows (resultsViewProtocol.ts).
import type { CellAddress, HostMessage, VariantFigures, ViewHeader, ViewMessage, ViewQuery, ViewStatus } from '../resultsViewProtocol';
import { element, formatCount, formatMs, replaceChildren } from './dom';
import { ResultsGrid } from './grid';
import { reportKeyboard } from './reportKeyboard';
import { ReviewPane } from './reviewPane';
import { VerdictsPanel } from './verdictsPanel';

interface VsCodeApi {
  postMessage(message: ViewMessage): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const post = (message: ViewMessage): void => vscode.postMessage(message);

/** Rows are asked for in pages of this many. */
const PAGE = 60;

let header: ViewHeader | undefined;
let query: ViewQuery = { sort: { by: 'row' }, descending: false, filter: '', onlyDifferent: false, onlyFailures: false };
let generation = 0;
/** The last status's or open's round: only an answer of this round tells which rows are current. */
let round = 0;
let requests = 0;
/** Pages asked for in this generation, so a page is asked for once. */
let asked = new Set<number>();
let marked: CellAddress | undefined;

const live = element('div', { class: 'live', role: 'status', 'aria-live': 'polite' });
const announce = (text: string): void => {
  // The same text twice is read twice only if the region changes in between.
  live.textContent = '';
  requestAnimationFrame(() => (live.textContent = text));
};

const grid = new ResultsGrid({
  needRows(start, count) {
    const first = Math.floor(start / PAGE);
    const last = Math.floor((start + count - 1) / PAGE);
    for (let page = first; page <= last; page++) {
      if (!asked.has(page)) {
        asked.add(page);
        post({ type: 'rows', request: ++requests, start: page * PAGE, count: PAGE });
      }
    }
  },
  open: (index, variant) => post({ type: 'openCell', cell: { index, variant } }),
  mark(index, variant) {
    const label = header?.variants[variant] ?? '';
    if (marked === undefined || (marked.index === index && marked.variant === variant)) {
      marked = marked === undefined ? { index, variant } : undefined;
      grid.setMarked(marked);
      announce(marked === undefined ? 'Unmarked.' : `Marked ${label} on this row for comparing. Press C on another cell to compare the two; Escape to unmark.`);
      return;
    }
    post({ type: 'compare', cells: [marked, { index, variant }] });
    marked = undefined;
    grid.setMarked(undefined);
    announce('Comparing the two cells in a diff editor.');
  },
  copyCallId: (index, variant) => post({ type: 'copyCallId', cell: { index, variant } }),
  sortBy(column) {
    const sort: ViewQuery['sort'] = column === 0 ? { by: 'row' } : column === 1 ? { by: 'values' } : { by: 'text', variant: column - 2 };
    const same = JSON.stringify(sort) === JSON.stringify(query.sort);
    setQuery({ ...query, sort, descending: same ? !query.descending : false });
  },
  announce,
});

const verdicts = new VerdictsPanel();
const review = new ReviewPane({
  vote: (key, verdict) => post({ type: 'vote', key, verdict }),
  skip: (key) => post({ type: 'skip', key }),
  undo: () => post({ type: 'undo' }),
  reviewSkipped: () => post({ type: 'startReview', includeSkipped: true }),
  end() {
    post({ type: 'endReview' });
    review.close();
    main.classList.remove('reviewing');
    grid.focus();
    announce('Back to the table.');
  },
  announce,
});

// The header, the figures, the toolbar, the status line.
const title = element('h1', { class: 'title' });
const subtitle = element('p', { class: 'subtitle' });
const figures = element('table', { class: 'figures' });
const filter = element('input', { type: 'search', placeholder: 'Filter by text in values and outputs', 'aria-label': 'Filter rows by text in their values and outputs' });
const onlyDifferent = element('input', { type: 'checkbox', id: 'only-different' });
const onlyFailures = element('input', { type: 'checkbox', id: 'only-failures' });
const sortSelect = element('select', { 'aria-label': 'Sort rows by' });
const descending = element('input', { type: 'checkbox', id: 'descending' });
const rerun = element('button', { type: 'button' }, 'Rerun Failed');
const resume = element('button', { type: 'button' }, 'Resume');
const exportCsv = element('button', { type: 'button', class: 'secondary' }, 'Export CSV');
const exportMarkdown = element('button', { type: 'button', class: 'secondary' }, 'Export Markdown');
const startReview = element('button', { type: 'button' }, 'Review…');
startReview.title = 'Blind review: pairs of answers side by side, the variants’ names hidden until you vote';
const judge = element('button', { type: 'button', class: 'secondary' }, 'Judge with a Model…');
judge.title = 'The same pairs judged by a language model you pick (asks before anything is sent)';
const status = element('p', { class: 'status' });
const problems = element('ul', { class: 'problems' });
const keys = element(
  'p',
  { class: 'keys' },
  'In the table: arrow keys move, Enter opens the whole text in an editor (on a column title: sorts by it), C marks a cell and C on a second one compares the two, Y copies the call id.',
);

const main = element(
  'main',
  {},
  element('header', {}, title, subtitle),
  verdicts.root,
  element('section', { 'aria-label': 'Per variant', class: 'per-variant' }, figures),
  element(
    'div',
    { class: 'toolbar', role: 'toolbar', 'aria-label': 'Show and act' },
    filter,
    element('label', { for: 'only-different' }, onlyDifferent, ' Only rows where the variants differ'),
    element('label', { for: 'only-failures' }, onlyFailures, ' Only failures'),
    element('label', {}, 'Sort ', sortSelect),
    element('label', { for: 'descending' }, descending, ' Descending'),
    startReview,
    judge,
    rerun,
    resume,
    exportCsv,
    exportMarkdown,
  ),
  status,
  problems,
  grid.root,
  review.root,
  keys,
  live,
);
document.body.append(main);

function setQuery(next: ViewQuery): void {
  query = next;
  vscode.setState({ query });
  showQuery();
  post({ type: 'query', query });
}

function showQuery(): void {
  filter.value = query.filter;
  onlyDifferent.checked = query.onlyDifferent;
  onlyFailures.checked = query.onlyFailures;
  descending.checked = query.descending;
  sortSelect.value = sortValue(query.sort);
  grid.setSort(query.sort.by === 'row' ? 0 : query.sort.by === 'values' ? 1 : query.sort.by === 'text' ? 2 + query.sort.variant : -1, query.descending);
}

function sortValue(sort: ViewQuery['sort']): string {
  return sort.by === 'row' || sort.by === 'values' ? sort.by : `${sort.by}:${sort.variant}`;
}

function sortOptions(variants: readonly string[]): void {
  const options = [element('option', { value: 'row' }, 'Row'), element('option', { value: 'values' }, 'Values')];
  variants.forEach((variant, index) => {
    for (const [by, label] of [['text', 'text'], ['latency', 'latency'], ['length', 'length']] as const) {
      options.push(element('option', { value: `${by}:${index}` }, `${variant}: ${label}`));
    }
  });
  replaceChildren(sortSelect, ...options);
}

let filterTimer: ReturnType<typeof setTimeout> | undefined;
filter.addEventListener('input', () => {
  clearTimeout(filterTimer);
  filterTimer = setTimeout(() => setQuery({ ...query, filter: filter.value }), 250);
});
onlyDifferent.addEventListener('change', () => setQuery({ ...query, onlyDifferent: onlyDifferent.checked }));
onlyFailures.addEventListener('change', () => setQuery({ ...query, onlyFailures: onlyFailures.checked }));
descending.addEventListener('change', () => setQuery({ ...query, descending: descending.checked }));
sortSelect.addEventListener('change', () => {
  const [by, variant] = sortSelect.value.split(':');
  const sort: ViewQuery['sort'] = by === 'row' || by === 'values' ? { by } : { by: by as 'text' | 'latency' | 'length', variant: Number(variant) };
  setQuery({ ...query, sort });
});
rerun.addEventListener('click', () => {
  // aria-disabled, not disabled: a button that is disabled under the keyboard drops focus to nowhere.
  if (rerun.getAttribute('aria-disabled') === 'true') {
    announce(rerun.title);
    return;
  }
  post({ type: 'rerunFailed' });
});
resume.addEventListener('click', () => post({ type: 'resume' }));
startReview.addEventListener('click', () => post({ type: 'startReview' }));
judge.addEventListener('click', () => post({ type: 'judge' }));
exportCsv.addEventListener('click', () => post({ type: 'export', format: 'csv' }));
exportMarkdown.addEventListener('click', () => post({ type: 'export', format: 'markdown' }));

/** "75% (3 of 4)": passed over the cells run, failed calls included (they were not checked). */
function passRate(row: VariantFigures): string {
  if (row.calls === 0 || row.passed === undefined) return '–';
  const percent = Math.floor((row.passed / row.calls) * 1000) / 10;
  return `${percent}% (${formatCount(row.passed)} of ${formatCount(row.calls)})`;
}

function showFigures(rows: readonly VariantFigures[]): void {
  const checks = header?.checks === true;
  const labels = ['Variant', ...(checks ? ['Pass rate'] : []), 'Calls', 'Failures', 'Latency p50', 'Latency p95', 'Mean length', 'Median length'];
  const head = element('tr', {}, ...labels.map((label) => element('th', { scope: 'col' }, label)));
  const body = rows.map((row) =>
    element(
      'tr',
      {},
      element('th', { scope: 'row' }, row.label),
      ...(checks ? [element('td', { class: row.passed !== undefined && row.passed < row.calls ? 'failed' : '' }, passRate(row))] : []),
      element('td', {}, formatCount(row.calls)),
      element('td', { class: row.failures > 0 ? 'failed' : '' }, formatCount(row.failures)),
      element('td', {}, formatMs(row.latencyP50Ms)),
      element('td', {}, formatMs(row.latencyP95Ms)),
      element('td', {}, formatCount(row.meanLength)),
      element('td', {}, formatCount(row.medianLength)),
    ),
  );
  const caption = checks ? 'Per variant: the share of cells whose checks passed, calls, failed calls, latency of the calls that succeeded, length in characters' : 'Per variant: calls, failures, latency of the calls that succeeded, length in characters';
  replaceChildren(figures, element('caption', {}, caption), element('thead', {}, head), element('tbody', {}, ...body));
}

function showStatus(next: ViewStatus): void {
  const parts = [next.shownRows === next.totalRows ? `${formatCount(next.totalRows)} rows` : `${formatCount(next.shownRows)} of ${formatCount(next.totalRows)} rows shown`];
  if (next.failedCells > 0) parts.push(`${formatCount(next.failedCells)} failed cells`);
  if (next.failedChecks > 0) parts.push(`${formatCount(next.failedChecks)} cells failed their checks`);
  if (next.reading) parts.push('reading the rest of the file…');
  else if (next.missingCells > 0) parts.push(next.running ? `${formatCount(next.missingCells)} cells still running` : `${formatCount(next.missingCells)} cells without a result (the run stopped)`);
  status.textContent = parts.join(' · ');
  replaceChildren(problems, ...next.problems.map((problem) => element('li', {}, problem)));
  const rerunBlocked = next.rerunElsewhere ?? (next.running ? 'A run is writing this file: wait for it to end.' : next.failedCells === 0 ? 'No cell failed: there is nothing to run again.' : '');
  rerun.setAttribute('aria-disabled', String(rerunBlocked !== ''));
  rerun.title = rerunBlocked;
  resume.hidden = !next.resumable;
  showFigures(next.figures);
}

/** The rows are in another order: what was loaded or marked is of the old one. */
function newOrder(next: number, rowCount: number): void {
  generation = next;
  asked = new Set();
  marked = undefined;
  grid.reset(rowCount);
}

window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
  const message = event.data;
  switch (message.type) {
    case 'open':
      round = message.round;
      header = message.header;
      title.textContent = `${message.header.gist}: ${message.header.variants.join(', ')}`;
      subtitle.textContent = `Data ${message.header.dataPath} · ${message.header.samples > 1 ? `${message.header.samples} samples per cell · ` : ''}profile ${message.header.profile} at ${message.header.host} · started ${message.header.startedAt}`;
      sortOptions(message.header.variants);
      grid.setHeader(message.header);
      query = message.query;
      showQuery();
      showStatus(message.status);
      newOrder(message.generation, message.status.shownRows);
      return;
    case 'status':
      round = message.round;
      showStatus(message.status);
      if (message.generation === generation) {
        // The same order, longer perhaps (a run's new results): the rows held stay; those in view are asked for again, and only the changed ones come back.
        asked = new Set();
        grid.resize(message.status.shownRows);
        grid.refresh();
      } else newOrder(message.generation, message.status.shownRows);
      return;
    case 'rows':
      if (message.generation === generation) grid.addRows(message.start, message.rows, message.round === round);
      return;
    case 'verdicts':
      verdicts.show(message.verdicts);
      return;
    case 'review':
      if (!review.active) {
        main.classList.add('reviewing');
        review.open();
      }
      review.show(message.reviewer, message.review, message.staysBlind);
      return;
    case 'voted':
      review.voted(message.left, message.right, message.verdict);
      return;
    case 'reviewNotice':
      // The review's message line is an alert: read out once, there.
      if (review.active) review.notice(message.message);
      else announce(message.message);
      return;
    case 'reviewFailed':
      if (review.active) review.failed(message.message);
      else announce(message.message);
      status.textContent = message.message;
      return;
    case 'failed':
      replaceChildren(document.body, element('main', {}, element('h1', {}, 'This results file cannot be shown'), element('p', { role: 'alert' }, message.message)));
      return;
  }
});

post({ type: 'ready' });
reportKeyboard(post);
// The table takes focus when the view does (the editor was focused), never on its own: a view opened
// beside a run with the focus kept elsewhere must not pull it away (from the palette, say).
if (document.hasFocus()) grid.focus();
// Back from a dialog (Rerun Failed asks first) or another editor, focus returns to where it was, as
// in the rest of the workbench; the table when that is gone (a row scrolled out) or never was.
let lastFocused: HTMLElement | undefined;
document.addEventListener('focusin', (event) => {
  if (event.target instanceof HTMLElement) lastFocused = event.target;
});
window.addEventListener('focus', () => {
  if (document.activeElement !== null && document.activeElement !== document.body) return;
  const back = lastFocused !== undefined && lastFocused.isConnected && lastFocused.closest('[hidden]') === null ? lastFocused : grid;
  back.focus();
});
