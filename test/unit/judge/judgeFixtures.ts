// Results files and a deterministic stand-in for a judging model, for the judge's unit tests. The
// stand-in reads the prompt as a model would see it: the two outputs between their markers.
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { resultsHeaderOf } from '../../fixtures/resultsHeader';

export const GIST = 'welcome-email';

export interface CellSpec {
  readonly row: number;
  readonly variant: string | null;
  readonly content: string | null;
  readonly sample?: number;
  readonly callId?: string;
}

export function resultsHeader(variants: ReadonlyArray<string | null>, samples = 1): Record<string, unknown> {
  return resultsHeaderOf({ gist: GIST, variants, samples }, 10);
}

export function resultLine(cell: CellSpec): string {
  const failed = cell.content === null;
  return JSON.stringify({
    type: 'result',
    row: cell.row,
    line: cell.row + 1,
    values: { name: `Person ${cell.row}` },
    variant: cell.variant,
    sample: cell.sample ?? 1,
    callId: failed ? null : (cell.callId ?? `call-${cell.row}-${String(cell.variant)}-${cell.sample ?? 1}`),
    content: cell.content,
    length: failed ? null : [...(cell.content ?? '')].length,
    error: failed ? { kind: 'service', message: 'Internal error' } : null,
    attempts: 1,
    latencyMs: 400,
    finishedAt: '2026-11-24T10:00:01.000Z',
  });
}

/** A results file in a fresh folder: `people.welcome-email.gistrun.jsonl`. */
export function writeResults(variants: ReadonlyArray<string | null>, cells: readonly CellSpec[]): { dir: string; file: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gist-judge-'));
  const file = path.join(dir, `people.${GIST}.gistrun.jsonl`);
  writeFileSync(file, [JSON.stringify(resultsHeader(variants)), ...cells.map(resultLine)].map((line) => `${line}\n`).join(''));
  return { dir, file };
}

export interface ReadPrompt {
  readonly a: string;
  readonly b: string;
  readonly values: string;
  readonly nonce: string;
}

/** The outputs and values of a judging prompt, as between its markers. */
export function readPrompt(prompt: string): ReadPrompt {
  const nonce = /<<<VALUES ([0-9a-z]+)>>>/.exec(prompt)?.[1];
  if (nonce === undefined) throw new Error(`no markers in the prompt:\n${prompt}`);
  const block = (label: string): string => {
    const start = `<<<${label} ${nonce}>>>\n`;
    const end = `\n<<<END ${label} ${nonce}>>>`;
    const from = prompt.indexOf(start);
    const to = prompt.indexOf(end, from);
    if (from === -1 || to === -1) throw new Error(`no ${label} block`);
    return prompt.slice(from + start.length, to);
  };
  return { a: block('OUTPUT A'), b: block('OUTPUT B'), values: block('VALUES'), nonce };
}

/** A judge that prefers the output holding `marker`, explains itself first, and ends with the verdict line. */
export function prefers(marker: string): (prompt: string) => Promise<string> {
  return (prompt) => {
    const { a, b } = readPrompt(prompt);
    const verdict = a.includes(marker) && !b.includes(marker) ? 'A' : b.includes(marker) && !a.includes(marker) ? 'B' : 'tie';
    return Promise.resolve(`Output ${verdict === 'B' ? 'B' : 'A'} reads better for this person.\nVerdict: ${verdict}`);
  };
}
