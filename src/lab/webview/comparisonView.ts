// The comparison view's webview: two runs of one gist over one data file, the counts per variant,
// the filter "Only regressions", a table row per compared cell (both outputs' start and what
// changed; ↑/↓ move, Enter opens the diff) and both runs' verdict panels side by side. It holds no
// file: the extension sends what it shows (comparisonProtocol.ts), and every text goes in as text.
import type { CellChange, ChangeCounts, ComparedRunView, ComparisonCellView, ComparisonHostMessage, ComparisonViewMessage } from '../comparisonProtocol';
import { CELL_CHANGES } from '../comparisonProtocol';
import { element, formatCount, replaceChildren } from './dom';
import { reportKeyboard } from './reportKeyboard';
import { VerdictsPanel } from './verdictsPanel';

interface VsCodeApi {
  postMessage(message: ComparisonViewMessage): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const post = (message: ComparisonViewMessage): void => vscode.postMessage(message);

const CHANGE_NAMES: Readonly<Record<CellChange, string>> = {
  newlyFailing: 'Newly failing',
  changed: 'Changed',
  newlyPassing: 'Newly passing',
  same: 'Same',
  onlyEarlier: 'Only in the earlier run',
  onlyLater: 'Only in this run',
};

const live = element('div', { class: 'live', role: 'status', 'aria-live': 'polite' });
const announce = (text: string): void => {
  live.textContent = '';
  requestAnimationFrame(() => (live.textContent = text));
};

const title = element('h1', { class: 'title' }, 'Comparing two runs…');
const subtitle = element('p', { class: 'subtitle' });
const counts = element('div', { class: 'comparison-counts' });
const onlyRegressions = element('input', { type: 'checkbox', id: 'only-regressions' });
const filterLabel = element('label', { for: 'only-regressions' }, 'Only regressions (cells that passed in the earlier run and fail in this one)');
const status = element('p', { class: 'status', id: 'comparison-status' });
const keys = element('p', { class: 'keys' }, '↑ and ↓ move between cells, Home and End to the first and last; Enter opens both outputs in a diff editor.');
const body = element('tbody', {});
const table = element(
  'table',
  { class: 'comparison-table', 'aria-describedby': 'comparison-status' },
  element('caption', {}, 'Each cell (a data row and a variant) in both runs'),
  element('thead', {}, element('tr', {}, ...['Row', 'Variant', 'What changed', 'Earlier run', 'This run'].map((name) => element('th', { scope: 'col' }, name)))),
  body,
);
const earlierVerdicts = new VerdictsPanel('verdict-earlier', 'Earlier run’s verdict');
const laterVerdicts = new VerdictsPanel('verdict-later', 'This run’s verdict');
const failure = element('p', { class: 'problem', role: 'alert', hidden: '' });

document.body.append(
  element(
    'main',
    { class: 'comparison' },
    title,
    subtitle,
    failure,
    counts,
    element('div', { class: 'verdict-pair' }, earlierVerdicts.root, laterVerdicts.root),
    element('div', { class: 'toolbar' }, onlyRegressions, filterLabel),
    status,
    keys,
    element('div', { class: 'comparison-scroll' }, table),
    live,
  ),
);

let cells: readonly ComparisonCellView[] = [];
let focused = 0;
/** The table takes keyboard focus when its cells first come (the panel was just opened). */
let firstCells = true;

function runText(run: ComparedRunView): string {
  const problems = run.problems === 0 ? '' : `; ${formatCount(run.problems)} unreadable lines skipped`;
  return `${run.file} (started ${run.startedAt}, ${formatCount(run.rows)} rows${problems})`;
}

function countsTable(variants: ReadonlyArray<{ readonly label: string; readonly counts: ChangeCounts }>, total: ChangeCounts): HTMLElement {
  const row = (name: string, figures: ChangeCounts, header: boolean): HTMLElement =>
    element('tr', {}, element('th', { scope: 'row', ...(header ? { class: 'total' } : {}) }, name), ...CELL_CHANGES.map((change) => element('td', { class: `count count-${change}` }, formatCount(figures[change]))));
  return element(
    'table',
    { class: 'verdict-table' },
    element('caption', {}, 'Cells per variant, by what changed from the earlier run'),
    element('thead', {}, element('tr', {}, element('th', { scope: 'col' }, 'Variant'), ...CELL_CHANGES.map((change) => element('th', { scope: 'col' }, CHANGE_NAMES[change])))),
    element('tbody', {}, ...variants.map((variant) => row(variant.label, variant.counts, false)), row('All variants', total, true)),
  );
}

function cellRow(cell: ComparisonCellView, position: number): HTMLElement {
  const side = (text: string): HTMLElement => element('td', { class: 'output' }, text === '' ? element('span', { class: 'absent' }, '—') : element('div', { class: 'clip' }, text));
  const row = element(
    'tr',
    { tabindex: position === focused ? '0' : '-1', class: `cell change-${cell.change}`, 'data-position': String(position), 'aria-label': `Row ${cell.row}, ${cell.variant}: ${CHANGE_NAMES[cell.change]}` },
    element('th', { scope: 'row' }, String(cell.row)),
    element('td', { class: 'variant' }, cell.variant),
    element('td', { class: 'change' }, CHANGE_NAMES[cell.change]),
    side(cell.earlier),
    side(cell.later),
  );
  row.addEventListener('click', () => focusRow(position));
  row.addEventListener('dblclick', () => openDiff(position));
  return row;
}

function rows(): HTMLElement[] {
  return [...body.querySelectorAll<HTMLElement>('tr.cell')];
}

function focusRow(position: number): void {
  const all = rows();
  if (all.length === 0) return;
  focused = Math.max(0, Math.min(all.length - 1, position));
  for (const [at, row] of all.entries()) row.setAttribute('tabindex', at === focused ? '0' : '-1');
  all[focused]?.focus();
}

function openDiff(position: number): void {
  const cell = cells[position];
  if (cell === undefined) return;
  post({ type: 'diff', key: cell.key });
  announce(`Opening row ${cell.row}, ${cell.variant} of both runs in a diff editor.`);
}

body.addEventListener('keydown', (event) => {
  const page = 10;
  const moves: Readonly<Record<string, number>> = { ArrowDown: focused + 1, ArrowUp: focused - 1, PageDown: focused + page, PageUp: focused - page, Home: 0, End: cells.length - 1 };
  const target = moves[event.key];
  if (target !== undefined) {
    event.preventDefault();
    focusRow(target);
  } else if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    openDiff(focused);
  }
});

onlyRegressions.addEventListener('change', () => post({ type: 'filter', onlyRegressions: onlyRegressions.checked }));

function showCells(message: Extract<ComparisonHostMessage, { type: 'cells' }>): void {
  const hadFocus = body.contains(document.activeElement);
  cells = message.cells;
  focused = Math.min(focused, Math.max(0, cells.length - 1));
  onlyRegressions.checked = message.onlyRegressions;
  replaceChildren(body, ...cells.map(cellRow));
  const what = message.onlyRegressions ? 'regressions' : 'compared cells';
  const capped = message.matching > cells.length ? ` The first ${formatCount(cells.length)} are shown.` : '';
  const text = message.matching === 0 ? (message.onlyRegressions ? 'No regressions: no cell that passed in the earlier run fails in this one.' : 'No cells to compare.') : `${formatCount(message.matching)} ${what}.${capped}`;
  status.textContent = text;
  announce(text);
  if (hadFocus || (firstCells && (document.activeElement === null || document.activeElement === document.body))) {
    if (cells.length > 0) focusRow(focused);
    else onlyRegressions.focus();
  }
  firstCells = false;
}

window.addEventListener('message', (event: MessageEvent<ComparisonHostMessage>) => {
  const message = event.data;
  switch (message.type) {
    case 'open':
      title.textContent = `${message.gist} over ${message.dataPath}`;
      replaceChildren(subtitle, `Earlier run: ${runText(message.earlier)}. This run: ${runText(message.later)}.${message.checksCompared ? ' A cell whose checks failed counts as failing.' : ' A cell fails when its call failed.'}`);
      replaceChildren(counts, countsTable(message.variants, message.total));
      return;
    case 'cells':
      showCells(message);
      return;
    case 'verdicts':
      (message.side === 'earlier' ? earlierVerdicts : laterVerdicts).show(message.verdicts);
      return;
    case 'failed':
      failure.hidden = false;
      failure.textContent = message.message;
      return;
    default:
      return;
  }
});

post({ type: 'ready' });
reportKeyboard(post);
