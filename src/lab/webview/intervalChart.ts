// Shares with their intervals as horizontal bars with whiskers (win rates, pass rates), drawn as
// SVG in the theme's colours (the stylesheet's classes, no inline style). Labels are outside text
// (variant names): they go in through textContent, cut to fit, the whole name in the row's <title>.
// The chart says the same as its table, and its aria-label says it again for screen readers.
import type { BarView, BoxView } from '../resultsViewProtocol';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 640;
const LABEL_WIDTH = 240;
const ROW = 26;
const LABEL_CHARS = 34;

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Readonly<Record<string, string | number>> = {}, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

const cut = (text: string): string => (text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS - 1)}…` : text);

/**
 * The bars of `bars` on a 0–100% axis; `reference` draws a dashed line where a share means "no
 * difference" (50% for a win rate).
 */
export function intervalChart(bars: readonly BarView[], summary: string, reference?: number): SVGSVGElement {
  const plot = WIDTH - LABEL_WIDTH - 16;
  const x = (share: number): number => LABEL_WIDTH + Math.max(0, Math.min(1, share)) * plot;
  const height = bars.length * ROW + 22;
  const chart = svg('svg', { class: 'interval-chart', viewBox: `0 0 ${WIDTH} ${height}`, width: '100%', role: 'img', 'aria-label': `${summary}: ${bars.map((bar) => `${bar.label}, ${bar.text}`).join('; ')}` });
  chart.setAttribute('preserveAspectRatio', 'xMinYMin meet');
  bars.forEach((bar, position) => {
    const top = position * ROW + 4;
    const middle = top + ROW / 2 - 2;
    const group = svg('g', { class: 'bar-row' });
    group.append(
      svg('title', {}, `${bar.label}: ${bar.text}`),
      svg('text', { class: 'bar-label', x: LABEL_WIDTH - 8, y: middle + 4, 'text-anchor': 'end' }, cut(bar.label)),
      svg('rect', { class: 'bar-track', x: LABEL_WIDTH, y: top + 3, width: plot, height: ROW - 10 }),
      svg('rect', { class: 'bar', x: LABEL_WIDTH, y: top + 3, width: Math.max(0, x(bar.value) - LABEL_WIDTH), height: ROW - 10 }),
      svg('line', { class: 'whisker', x1: x(bar.lower), x2: x(bar.upper), y1: middle, y2: middle }),
      svg('line', { class: 'whisker', x1: x(bar.lower), x2: x(bar.lower), y1: middle - 5, y2: middle + 5 }),
      svg('line', { class: 'whisker', x1: x(bar.upper), x2: x(bar.upper), y1: middle - 5, y2: middle + 5 }),
    );
    chart.append(group);
  });
  const axis = bars.length * ROW + 8;
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    chart.append(svg('text', { class: 'axis', x: x(tick), y: axis + 10, 'text-anchor': tick === 0 ? 'start' : tick === 1 ? 'end' : 'middle' }, `${tick * 100}%`));
  }
  if (reference !== undefined) {
    chart.append(svg('line', { class: 'reference', x1: x(reference), x2: x(reference), y1: 2, y2: axis }));
  }
  return chart;
}

/** Distributions as box plots on one axis from 0 to the largest 95th percentile (latency). */
export function boxChart(boxes: readonly BoxView[], summary: string, unit: string): SVGSVGElement {
  const plot = WIDTH - LABEL_WIDTH - 24;
  const top = Math.max(1, ...boxes.map((box) => box.high));
  const x = (value: number): number => LABEL_WIDTH + (Math.max(0, value) / top) * plot;
  const height = boxes.length * ROW + 22;
  const chart = svg('svg', { class: 'box-chart', viewBox: `0 0 ${WIDTH} ${height}`, width: '100%', role: 'img', 'aria-label': `${summary}: ${boxes.map((box) => `${box.label}, ${box.text}`).join('; ')}` });
  chart.setAttribute('preserveAspectRatio', 'xMinYMin meet');
  boxes.forEach((box, position) => {
    const rowTop = position * ROW + 4;
    const middle = rowTop + ROW / 2 - 2;
    const group = svg('g', { class: 'box-row' });
    group.append(
      svg('title', {}, `${box.label}: ${box.text}`),
      svg('text', { class: 'bar-label', x: LABEL_WIDTH - 8, y: middle + 4, 'text-anchor': 'end' }, cut(box.label)),
      svg('line', { class: 'whisker', x1: x(box.low), x2: x(box.high), y1: middle, y2: middle }),
      svg('line', { class: 'whisker', x1: x(box.low), x2: x(box.low), y1: middle - 5, y2: middle + 5 }),
      svg('line', { class: 'whisker', x1: x(box.high), x2: x(box.high), y1: middle - 5, y2: middle + 5 }),
      svg('rect', { class: 'box', x: x(box.q1), y: rowTop + 3, width: Math.max(1, x(box.q3) - x(box.q1)), height: ROW - 10 }),
      svg('line', { class: 'median', x1: x(box.median), x2: x(box.median), y1: rowTop + 3, y2: rowTop + ROW - 7 }),
    );
    chart.append(group);
  });
  const axis = boxes.length * ROW + 8;
  for (const tick of [0, 0.5, 1]) {
    chart.append(svg('text', { class: 'axis', x: x(tick * top), y: axis + 10, 'text-anchor': tick === 0 ? 'start' : tick === 1 ? 'end' : 'middle' }, `${Math.round(tick * top).toLocaleString('en-US')} ${unit}`));
  }
  return chart;
}
