// What a run over a data file is asked to do, checked before anything is read or sent: the gist,
// its variants (Automatic included), samples per cell, the data file and the column mapping.
// Pure: no `vscode`.
import type { DataScan } from '../dataset/dataScan';
import { identifierProblem } from '../client/identifiers';
import { mappingProblem, valuesOfRow, type ColumnMapping } from '../dataset/columnMapping';
import type { DataFormat } from '../dataset/dataFormat';
import type { DataEvent } from '../dataset/dataRecord';
import { MAX_RUN_CALLS, MAX_RUN_SAMPLES, MAX_RUN_VARIANTS } from '../shared/limits';
import type { EngineRow } from './engine';
import { LabSetupError } from './labSetupError';
import { variantLabel, type VariantChoice } from './variants';

export interface LabRunPlan {
  readonly gistId: string;
  /** In the order of the results view's columns; `null` is Automatic. */
  readonly variants: readonly VariantChoice[];
  /** Calls per row and variant; default 1. */
  readonly samples?: number;
  readonly dataPath: string;
  /** Default: by the file's extension. */
  readonly dataFormat?: DataFormat;
  /** The gist's variables, each mapped to a column or a constant. */
  readonly variables: readonly string[];
  readonly mapping: ColumnMapping;
  /** Default: `<data name>.<gist>.gistrun.jsonl` beside the data file. */
  readonly resultsPath?: string;
  /** Replace a results file of that name; default: refuse to. */
  readonly overwrite?: boolean;
  /**
   * The scan the caller made of the data file for its summary: reused while the file is unchanged
   * (same size and modification time), so a run does not read the whole file once more before
   * its first call; scanned again otherwise.
   */
  readonly scan?: DataScan;
}

/** Throws a LabSetupError that says what to change. */
export function checkPlan(plan: Pick<LabRunPlan, 'gistId' | 'variants' | 'samples'>): void {
  const gistProblem = plan.gistId === '' ? 'is empty' : identifierProblem(plan.gistId, 'gist id');
  if (gistProblem !== undefined) {
    throw new LabSetupError(`The gist id ${gistProblem}.`);
  }
  if (plan.variants.length === 0 || plan.variants.length > MAX_RUN_VARIANTS) {
    throw new LabSetupError(`Pick 1 to ${MAX_RUN_VARIANTS} variants (Automatic counts as one).`);
  }
  const seen = new Set<VariantChoice>();
  for (const variant of plan.variants) {
    const problem = variant === null ? undefined : variant === '' ? 'is empty' : identifierProblem(variant, 'variant slug');
    if (problem !== undefined) {
      throw new LabSetupError(`A variant slug ${problem}.`);
    }
    if (seen.has(variant)) {
      throw new LabSetupError(`The variant ${variantLabel(variant)} is listed twice.`);
    }
    seen.add(variant);
  }
  const samples = plan.samples ?? 1;
  if (!Number.isInteger(samples) || samples < 1 || samples > MAX_RUN_SAMPLES) {
    throw new LabSetupError(`Samples per cell must be a whole number from 1 to ${MAX_RUN_SAMPLES}.`);
  }
}

/** Throws a LabSetupError when the mapping cannot serve the gist's variables (`columns`: the CSV header). */
export function checkMapping(variables: readonly string[], mapping: ColumnMapping, columns?: readonly string[]): void {
  const problem = mappingProblem(mapping, variables, columns);
  if (problem !== undefined) {
    throw new LabSetupError(problem);
  }
}

/** Throws a LabSetupError when rows × variants × samples is more calls than a run makes. */
export function checkCalls(rows: number, variants: number, samples: number): void {
  const calls = rows * variants * samples;
  if (calls > MAX_RUN_CALLS) {
    throw new LabSetupError(
      `${rows.toLocaleString('en-US')} rows × ${variants} variants × ${samples} samples is ${calls.toLocaleString('en-US')} calls; a run makes at most ${MAX_RUN_CALLS.toLocaleString('en-US')}. Use fewer rows, variants or samples.`,
    );
  }
}

/** Throws a LabSetupError when a resume would make more calls than a run makes: a results file's header may ask for any number. */
export function checkResumeCalls(calls: number): void {
  if (calls > MAX_RUN_CALLS) {
    throw new LabSetupError(`This run would go on with ${calls.toLocaleString('en-US')} calls; a run makes at most ${MAX_RUN_CALLS.toLocaleString('en-US')}. Start a new run with fewer rows, variants or samples.`);
  }
}

/** The data file's rows (in batches) as the engine takes them: the mapped values, or why a row cannot be sent. */
export async function* engineRows(batches: AsyncIterable<readonly DataEvent[]>, mapping: ColumnMapping, variables: readonly string[]): AsyncGenerator<EngineRow[]> {
  for await (const events of batches) {
    const rows: EngineRow[] = [];
    for (const event of events) {
      if (event.kind === 'header') {
        continue;
      }
      if (event.kind === 'bad') {
        rows.push({ kind: 'rowError', row: event.row, line: event.line, message: `Line ${event.line}: ${event.reason}.` });
        continue;
      }
      const mapped = valuesOfRow(event, mapping, variables);
      rows.push(mapped.ok ? { kind: 'row', row: event.row, line: event.line, values: mapped.values } : { kind: 'rowError', row: event.row, line: event.line, message: `Line ${event.line}: ${mapped.reason}.` });
    }
    yield rows;
  }
}
