// Lines of a results file for tests.
import { recordOf } from '../../../src/shared/keyedRecord';
import type { CellResult, RowError, RunHeader } from '../../../src/runs/resultsFormat';

export const SHA = 'a'.repeat(64);

export function header(overrides: Partial<RunHeader> = {}): RunHeader {
  return {
    type: 'header',
    format: 'gistrun',
    version: 1,
    gist: 'welcome-email',
    variants: ['formal', null],
    samples: 2,
    data: { path: 'people.csv', sha256: SHA, format: 'csv', rows: 3 },
    mapping: recordOf([
      ['name', { column: 'name' }],
      ['product', { constant: 'Loom' }],
    ]),
    profile: 'Staging',
    host: 'gists.example.com',
    startedAt: '2026-01-01T00:00:00.000Z',
    tool: { name: 'gist-generate', version: '0.1.0' },
    extensions: {},
    ...overrides,
  };
}

export function result(row: number, variant: string | null, sample: number, overrides: Partial<CellResult> = {}): CellResult {
  return {
    type: 'result',
    row,
    line: row + 1,
    values: recordOf([
      ['name', `Person ${row}`],
      ['product', 'Loom'],
    ]),
    variant,
    sample,
    callId: `call-${row}-${variant ?? 'auto'}-${sample}`,
    content: `Hello Person ${row}`,
    length: `Hello Person ${row}`.length,
    error: null,
    attempts: 1,
    latencyMs: 12.5,
    finishedAt: '2026-01-01T00:00:01.000Z',
    ...overrides,
  };
}

export function failed(row: number, variant: string | null, sample: number): CellResult {
  return result(row, variant, sample, { callId: null, content: null, length: null, error: { kind: 'service', message: 'The gist service failed (HTTP 500). Retry in a moment.', status: 500 }, attempts: 4 });
}

export function rowError(row: number): RowError {
  return { type: 'rowError', row, line: row + 1, message: `Line ${row + 1}: it has 3 fields and the header names 2 columns.` };
}
