// A run of a gist's variants over a data file into a results file, and its resume: the data file
// scanned (columns, rows, SHA-256), the header written, the rows streamed through the engine and
// every finished call appended. What the extension's "Run over Data…" and the bench call; the
// command-line checks use the engine and the results writer beneath it. Pure Node: no `vscode`.
import type { GistClient } from '../client/gistClient';
import type { ConnectionSettings } from '../client/types';
import { formatOfPath } from '../dataset/dataFormat';
import { readDataFileBatches, RUN_PARSE_BYTES } from '../dataset/dataRows';
import { scanDataFile, unchangedSince, type DataScan } from '../dataset/dataScan';
import { DataFileError } from '../dataset/dataFileError';
import type { ValueSource } from '../dataset/columnMapping';
import { recordOf } from '../shared/keyedRecord';
import { validateBaseUrl } from '../client/urls';
import { cellResultOf } from './cellResult';
import { runCells, type CallFunction, type EngineOptions, type RunOutcome } from './engine';
import { checkCalls, checkMapping, checkPlan, checkResumeCalls, engineRows, type LabRunPlan } from './labPlan';
import { relativeDataPath, RESULTS_FORMAT, RESULTS_VERSION, resultsPathFor, type RunHeader } from './resultsFormat';
import { resumeCalls, type ResumePlan } from './resumePlan';
import { ResultsWriter, type ResultsWriteObserver } from './resultsWriter';
import { cutToBytes } from './resultsText';
import { MAX_ERROR_BYTES } from '../shared/limits';

/** Past this many bytes waiting to be written (twice what a write gathers), no new call starts until they are. */
const WRITE_HIGH_WATER_BYTES = 16 * 1024 * 1024;

/** The service a run calls, with the key; the key (and `otherKeys`) never enter the results file. */
export interface LabService {
  readonly client: GistClient;
  readonly connection: ConnectionSettings;
  /** Other keys the caller knows (other profiles'): redacted from the results file too. */
  readonly otherKeys?: readonly string[];
}

export interface LabRunOptions extends Pick<EngineOptions, 'concurrency' | 'maxRetries' | 'retry' | 'onBadRow' | 'signal' | 'onProgress' | 'progressIntervalMs' | 'cancelGraceMs' | 'clock' | 'random'> {
  readonly service: LabService;
  /** What writes the results file: `{name: 'gist-generate', version}` for the extension. */
  readonly tool: { readonly name: string; readonly version: string };
  /** Told of the result lines as they are queued and written (a results view of the same window takes them from it). */
  readonly resultsObserver?: ResultsWriteObserver;
}

export interface LabRunResult extends RunOutcome {
  readonly resultsPath: string;
}

function callThrough(service: LabService): CallFunction {
  return (request, signal) => service.client.generate(service.connection, request, signal);
}

function secretsOf(service: LabService): string[] {
  return [service.connection.apiKey, ...(service.otherKeys ?? [])];
}

/** The host a header records: the service URL's host and port (never a path, user or key). */
function hostOf(baseUrl: string): string {
  const valid = validateBaseUrl(baseUrl);
  return valid.ok ? new URL(valid.url).host : '';
}

async function runInto(writer: ResultsWriter, header: RunHeader, options: LabRunOptions, engine: Pick<EngineOptions, 'rows' | 'include' | 'includeRowError' | 'total'>): Promise<RunOutcome> {
  let outcome: RunOutcome;
  try {
    outcome = await runCells({
      ...options,
      ...engine,
      gistId: header.gist,
      variants: header.variants,
      samples: header.samples,
      call: callThrough(options.service),
      sink: {
        result: (call) => writer.append(cellResultOf(call)),
        rowError: (row) => writer.append({ type: 'rowError', row: row.row, line: row.line, message: cutToBytes(row.message, MAX_ERROR_BYTES) }),
      },
      backpressure: () => (writer.pendingBytes > WRITE_HIGH_WATER_BYTES ? writer.flushed() : undefined),
    });
  } finally {
    await writer.close().catch(() => undefined);
  }
  try {
    await writer.flushed();
  } catch (error) {
    return { ...outcome, end: 'stopped', reason: { kind: 'sink', error } };
  }
  return outcome;
}

/**
 * Starts a run. Before any call it throws: a LabSetupError (the plan cannot run), a DataFileError
 * (the data file cannot be read at all), a ResultsFileError (the results file exists or cannot
 * be created). Then it resolves with how the run ended; bad rows, failed calls and a stop all
 * end up in the results file or in the outcome, never thrown.
 */
export async function startLabRun(plan: LabRunPlan, options: LabRunOptions): Promise<LabRunResult> {
  checkPlan(plan);
  const format = plan.dataFormat ?? formatOfPath(plan.dataPath);
  if (format === undefined) {
    throw new DataFileError('unknownFormat', 'The data file must be .csv, .jsonl (or .ndjson) or .json.');
  }
  const samples = plan.samples ?? 1;
  // A CSV header is known before the scan's rows: a column the mapping names must be in it.
  const scan: DataScan =
    plan.scan !== undefined && plan.scan.format === format && (await unchangedSince(plan.dataPath, plan.scan)) ? plan.scan : await scanDataFile(plan.dataPath, format, { signal: options.signal });
  checkMapping(plan.variables, plan.mapping, format === 'csv' ? scan.columns : undefined);
  checkCalls(scan.rows, plan.variants.length, samples);
  const resultsPath = plan.resultsPath ?? resultsPathFor(plan.dataPath, plan.gistId);
  const header: RunHeader = {
    type: 'header',
    format: RESULTS_FORMAT,
    version: RESULTS_VERSION,
    gist: plan.gistId,
    variants: plan.variants,
    samples,
    data: { path: relativeDataPath(resultsPath, plan.dataPath), sha256: scan.sha256, format, rows: scan.rows },
    // Only the gist's variables: a resume takes them from here.
    mapping: recordOf(plan.variables.map((variable) => [variable, plan.mapping[variable] as ValueSource])),
    profile: options.service.connection.profile ?? null,
    host: hostOf(options.service.connection.baseUrl),
    startedAt: (options.clock ?? { isoNow: () => new Date().toISOString() }).isoNow(),
    tool: options.tool,
    extensions: {},
  };
  const writer = await ResultsWriter.create(resultsPath, header, { secrets: secretsOf(options.service), overwrite: plan.overwrite, lock: { tool: options.tool.name }, observer: options.resultsObserver });
  const rows = engineRows(readDataFileBatches(plan.dataPath, format, { signal: options.signal, parseBytes: RUN_PARSE_BYTES }), plan.mapping, plan.variables);
  const outcome = await runInto(writer, header, options, { rows, total: scan.rows * plan.variants.length * samples });
  return { ...outcome, resultsPath };
}

/**
 * Runs what `planResume` found missing (a plan of kind `resume`), appending to the same results
 * file. The data file was checked by the plan; a last line cut short is cut off before appending.
 */
export async function resumeLabRun(plan: Extract<ResumePlan, { kind: 'resume' }>, options: LabRunOptions): Promise<LabRunResult> {
  const { header, done, failed, rowErrors, rerunFailed } = plan;
  if (header.data.format !== 'csv' && header.data.format !== 'jsonl' && header.data.format !== 'json') {
    throw new DataFileError('unknownFormat', `Only the lab's data files can be resumed here, not ${header.data.format}.`);
  }
  checkResumeCalls(resumeCalls(plan));
  const writer = await ResultsWriter.reopen(plan.resultsPath, { secrets: secretsOf(options.service), lock: { tool: options.tool.name }, expected: plan.resultsFile, observer: options.resultsObserver });
  const variables = Object.keys(header.mapping);
  const rows = engineRows(readDataFileBatches(plan.dataPath, header.data.format, { signal: options.signal, parseBytes: RUN_PARSE_BYTES }), header.mapping, variables);
  const outcome = await runInto(writer, header, options, {
    rows,
    include: (row, variantIndex, sample) => !done.has(row, variantIndex, sample) || (rerunFailed && failed.has(row, variantIndex, sample)),
    includeRowError: (row) => !rowErrors.has(row),
    total: resumeCalls(plan),
  });
  return { ...outcome, resultsPath: plan.resultsPath };
}
