// The plain sentences of the verdict panel, as parts: variant and judge names are marked, so the view
// can show them set apart and as inert text (they come from files), and `text` is the whole sentence
// as plain text. Figures are rounded as people read them: whole percentages, p to one or two
// significant digits. English for now; the wording is in one place. Pure: no `vscode`.
import type { ProportionInterval } from '../statistics/proportionInterval';

export interface SentencePart {
  readonly text: string;
  /** A variant's name, or a judge's (model) name: outside text, to be shown inert and set apart. */
  readonly name?: 'variant' | 'judge';
}

export interface Sentence {
  readonly parts: readonly SentencePart[];
  readonly text: string;
}

type Piece = string | SentencePart;

export const variantName = (name: string): SentencePart => ({ text: name, name: 'variant' });
export const judgeName = (name: string): SentencePart => ({ text: name, name: 'judge' });

export function sentence(...pieces: Piece[]): Sentence {
  const parts: SentencePart[] = [];
  for (const piece of pieces) {
    const part = typeof piece === 'string' ? { text: piece } : piece;
    const previous = parts.at(-1);
    if (part.name === undefined && previous !== undefined && previous.name === undefined) {
      parts[parts.length - 1] = { text: previous.text + part.text };
    } else if (part.text.length > 0) {
      parts.push(part);
    }
  }
  return { parts, text: parts.map((part) => part.text).join('') };
}

export const percent = (share: number): string => `${Math.round(share * 100)}%`;

/** 12,345: thousands grouped (toLocaleString costs a locale lookup per call). */
export const count = (value: number): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** "95% CI 54–72%". */
export function interval(range: Pick<ProportionInterval, 'lower' | 'upper' | 'level'>): string {
  return `${Math.round(range.level * 100)}% CI ${Math.round(range.lower * 100)}–${percent(range.upper)}`;
}

/** "p = 0.003", "p = 0.04", "p < 0.001". */
export function pValue(p: number): string {
  if (p < 0.001) {
    return 'p < 0.001';
  }
  return `p = ${p < 0.01 ? p.toFixed(3) : p.toFixed(2)}`;
}

/** "rows" when each counted thing is a row of its own, else `other` ("votes", "pairs"), singular for one. */
export const unitWord = (rows: boolean, n: number, other: 'votes' | 'pairs'): string => {
  const word = rows ? 'rows' : other;
  return n === 1 ? word.slice(0, -1) : word;
};
