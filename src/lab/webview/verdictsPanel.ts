// The verdict panel above the table: one sentence that answers "which variant is better, and how
// sure are we", and under it (a disclosure, closed until asked) each kind of evidence in its own
// section: its sentence, notes, a chart where one helps and the table that says the same in text.
// Variant and judge names come from files: they go in as text, set apart by a class.
import type { SectionView, SentenceView, TableView, VerdictsView } from '../resultsViewProtocol';
import { boxChart, intervalChart } from './intervalChart';
import { element, replaceChildren } from './dom';

export class VerdictsPanel {
  readonly root: HTMLElement;
  private readonly headline: HTMLElement;
  private readonly evidence: HTMLDetailsElement;
  private readonly body: HTMLElement;
  private readonly timing: HTMLElement;

  /** `id`: what sets its elements' ids apart from another panel's in the same page; `title` its heading. */
  constructor(id = 'verdict', title = 'Verdict') {
    this.headline = element('p', { class: 'headline', id: `${id}-headline` }, 'Working out the verdict…');
    this.body = element('div', { class: 'evidence-body' });
    this.timing = element('p', { class: 'timing' });
    const summary = element('summary', {}, 'The evidence: votes, checks, length and latency');
    this.evidence = element('details', { class: 'evidence' }, summary, this.body, this.timing);
    this.root = element('section', { class: 'verdict', 'aria-labelledby': `${id}-title` }, element('h2', { id: `${id}-title`, class: 'verdict-title' }, title), this.headline, this.evidence);
  }

  get headlineText(): string {
    return this.headline.textContent ?? '';
  }

  show(view: VerdictsView): void {
    replaceChildren(this.headline, ...sentenceNodes(view.headline));
    const sections = view.sections.map(sectionNode);
    const problems = view.problems.length === 0 ? [] : [element('section', { class: 'verdict-section' }, element('h3', {}, 'Votes files and lines not counted'), element('ul', { class: 'problems' }, ...view.problems.map((problem) => element('li', {}, problem))))];
    const counted = view.counted === undefined ? [] : [sectionNode(view.counted)];
    replaceChildren(this.body, ...(sections.length === 0 ? [element('p', {}, 'No evidence yet: review some pairs (Review…) or run with checks.')] : sections), ...counted, ...problems);
    this.timing.textContent = `Worked out in ${view.ms.toLocaleString('en-US')} ms, away from the editor.`;
  }
}

function sentenceNodes(sentence: SentenceView): Node[] {
  return sentence.parts.map((part) => (part.name === undefined ? document.createTextNode(part.text) : element('strong', { class: `name name-${part.name}` }, part.text)));
}

function sectionNode(section: SectionView): HTMLElement {
  const nodes: Node[] = [element('h3', {}, section.title)];
  if (section.sentence !== undefined) nodes.push(element('p', { class: 'section-sentence' }, ...sentenceNodes(section.sentence)));
  for (const note of section.notes) nodes.push(element('p', { class: 'note' }, note));
  if (section.bars.length > 0) nodes.push(intervalChart(section.bars, section.title, section.barsReference));
  if (section.boxes !== undefined && section.boxes.items.length > 0) nodes.push(boxChart(section.boxes.items, 'Latency of each variant', section.boxes.unit));
  for (const table of section.tables) if (table.rows.length > 0) nodes.push(tableNode(table));
  return element('section', { class: 'verdict-section' }, ...nodes);
}

function tableNode(table: TableView): HTMLElement {
  return element(
    'table',
    { class: 'verdict-table' },
    element('caption', {}, table.caption),
    element('thead', {}, element('tr', {}, ...table.columns.map((column) => element('th', { scope: 'col' }, column)))),
    element('tbody', {}, ...table.rows.map((row) => element('tr', {}, ...row.map((cell, position) => (position === 0 ? element('th', { scope: 'row' }, cell) : element('td', {}, cell)))))),
  );
}
