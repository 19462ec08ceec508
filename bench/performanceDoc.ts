// Writes the figures table of docs/performance.md from bench/results.json, between the markers
// `<!-- figures:start -->` and `<!-- figures:end -->`, so the page always shows the recorded run.
// `npm run bench` (a full run) calls it after recording; `node out/bench/performanceDoc.js` does it alone.
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../tools/vscodeServer/paths';

type Results = Record<string, unknown>;

export const PERFORMANCE_DOC = path.join(REPO_ROOT, 'docs', 'performance.md');
const START = '<!-- figures:start -->';
const END = '<!-- figures:end -->';

/** The value at `keys` in `results`, or undefined when any step is missing. */
function at(results: Results, ...keys: Array<string | number>): unknown {
  let value: unknown = results;
  for (const key of keys) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

function num(value: unknown, unit = '', digits = 1): string | undefined {
  return typeof value === 'number' ? `${value.toLocaleString('en-US', { maximumFractionDigits: digits })}${unit}` : undefined;
}

/** Each round's calls/s of two sides inside VS Code, in brackets (empty when the recorded run has none). */
function roundsOf(results: Results, first: string, second: string): string {
  const list = (key: string): string | undefined => {
    const rounds = at(results, 'labInVsCode', key);
    return Array.isArray(rounds) && rounds.every((one) => typeof one === 'number') ? rounds.map((one: number) => num(one, '', 0)).join(', ') : undefined;
  };
  const [a, b] = [list(first), list(second)];
  return a === undefined || b === undefined ? '' : ` [${a}; bare pool ${b}]`;
}

interface Row {
  readonly what: string;
  readonly budget: string;
  /** Undefined when the recorded run has no figure for it (its section was not run). */
  measured(results: Results): string | undefined;
}

const ROWS: readonly Row[] = [
  { what: '`dist/extension.js` (minified, loaded at startup)', budget: '< 600 KB', measured: (r) => num(r.bundleKb, ' KB', 0) && `${num(r.bundleKb, ' KB', 0)} (undici is \`dist/undici.js\`, ${num(r.undiciKb, ' KB', 0) ?? '?'}, loaded on the first request)` },
  {
    what: '`activate()`, fresh VS Code starts, in turns with the build before',
    budget: 'median < 5 ms',
    measured: (r) => num(at(r, 'activate', 'medianMs'), ' ms') && `${num(at(r, 'activate', 'medianMs'), ' ms')} over ${num(at(r, 'activate', 'starts'))} starts${num(at(r, 'activateBaseline', 'medianMs'), ' ms') === undefined ? '' : ` (before: ${num(at(r, 'activateBaseline', 'medianMs'), ' ms')})`}`,
  },
  {
    what: 'Client p50 per call, sequential generate calls',
    budget: '≤ 1.2 × bare `undici.request`',
    measured: (r) => {
      const [client, bare, curl] = [0, 1, 2].map((i) => at(r, 'clientOverhead', i, 'p50Ms'));
      return num(client) && `${num(client, ' ms', 3)} vs ${num(bare, ' ms', 3)} = ${num(r.clientToBareP50Ratio, ' ×', 2)} (curl per call: ${num(curl, ' ms', 0)})`;
    },
  },
  {
    what: 'The same over https with VS Code’s CA set',
    budget: '≤ 1.2 × bare undici with the same CAs',
    measured: (r) =>
      num(at(r, 'networkOverhead', 'clientToBareP50Ratio')) &&
      `${num(at(r, 'networkOverhead', 'rows', 0, 'p50Ms'), ' ms', 3)} vs ${num(at(r, 'networkOverhead', 'rows', 1, 'p50Ms'), ' ms', 3)} = ${num(at(r, 'networkOverhead', 'clientToBareP50Ratio'), ' ×', 2)}; building the trust once: ${num(at(r, 'networkOverhead', 'trustSetupMs'), ' ms', 0)} (${num(at(r, 'networkOverhead', 'trustedCas'), ' CAs', 0)})`,
  },
  { what: 'Connections for those calls (counted by the service)', budget: '1', measured: (r) => num(at(r, 'clientOverhead', 0, 'connections'), '', 0) },
  {
    what: 'Editor path, 1 KB: `gist.generate` until the text is in the document, minus the service, minus a bare `editor.edit`',
    budget: 'extension’s own share < 2 ms',
    measured: (r) =>
      num(at(r, 'editorPath 1 KB', 'extensionOwnMs')) &&
      `${num(at(r, 'editorPath 1 KB', 'extensionOwnMs'), ' ms')}; extension host busy ${num(at(r, 'editorPath 1 KB', 'extensionOwnBusyMs'), ' ms')}; whole path ${num(at(r, 'editorPath 1 KB', 'commandMedianMs'), ' ms')}, of which the bare edit ${num(at(r, 'editorPath 1 KB', 'bareEditMedianMs'), ' ms')}`,
  },
  {
    what: 'Editor path, 1 MB',
    budget: 'extension’s own share < 30 ms',
    measured: (r) =>
      num(at(r, 'editorPath 1 MB', 'extensionOwnMs')) &&
      `${num(at(r, 'editorPath 1 MB', 'extensionOwnMs'), ' ms')}; extension host busy ${num(at(r, 'editorPath 1 MB', 'extensionOwnBusyMs'), ' ms')}; whole path ${num(at(r, 'editorPath 1 MB', 'commandMedianMs'), ' ms', 0)}, bare edit ${num(at(r, 'editorPath 1 MB', 'bareEditMedianMs'), ' ms', 0)}`,
  },
  {
    what: '“Gist Calls” full (100 calls of 64 KB): recording one call; first render; global state loaded at every start',
    budget: 'state well under 100 KB',
    measured: (r) =>
      num(at(r, 'historyLayouts', 1, 'recordMedianMs')) &&
      `${num(at(r, 'historyLayouts', 1, 'recordMedianMs'), ' ms')}; ${num(at(r, 'historyLayouts', 1, 'firstRenderMedianMs'), ' ms')}; ${num(at(r, 'historyStartup', 'now', 'globalStateKb'), ' KB')} (whole history in global state before: ${num(at(r, 'historyLayouts', 0, 'recordMedianMs'), ' ms', 0)}; ${num(at(r, 'historyLayouts', 0, 'firstRenderMedianMs'), ' ms')}; ${num(at(r, 'historyLayouts', 0, 'globalStateKb'), ' KB', 0)})`,
  },
  {
    what: 'A VS Code start with that history: extension activation as VS Code sees it',
    budget: '',
    measured: (r) => num(at(r, 'historyStartup', 'now', 'activateWallMedianMs'), ' ms', 0) && `${num(at(r, 'historyStartup', 'now', 'activateWallMedianMs'), ' ms', 0)} (before: ${num(at(r, 'historyStartup', 'before', 'activateWallMedianMs'), ' ms', 0)})`,
  },
  {
    what: 'Catalog parse and merge',
    budget: '',
    measured: (r) => num(at(r, 'catalogParse', 0, 'medianMs')) && `1,000 typical gists ${num(at(r, 'catalogParse', 0, 'medianMs'), ' ms', 0)}; a file at the 1 MiB cap ${num(at(r, 'catalogParse', 1, 'medianMs'), ' ms', 0)}`,
  },
  { what: 'Extension host heap after 1,000 calls vs after 10 (after a full GC)', budget: 'growth < 10 MB', measured: (r) => num(at(r, 'memory', 'growthMb'), ' MB') },
  {
    what: '10 generations at once from 10 editors, each held 300 ms by the service',
    budget: 'total ≈ slowest single call',
    measured: (r) =>
      typeof at(r, 'scale', 'ratio') === 'number'
        ? `${at(r, 'scale', 'eachInItsOwnDocument') === true ? 'all 10 in their own documents' : 'NOT all in their own documents'}; wall time minus editor switching = ${num(at(r, 'scale', 'ratio'), ' ×', 2)} a single call`
        : undefined,
  },
  {
    what: 'Lab run engine (plain Node, in a Node process of its own): 10,000 rows × 2 variants at concurrency 8, calls/s, timed from Run (the summary’s scan of the data file before it, as in the editor)',
    budget: '≥ 0.9 × a bare undici pool',
    measured: (r) => num(at(r, 'lab', 'engineToBareRatio')) && `${num(at(r, 'lab', 'engineCallsPerSecond'), '', 0)} vs ${num(at(r, 'lab', 'bareCallsPerSecond'), '', 0)} = ${num(at(r, 'lab', 'engineToBareRatio'), ' ×', 2)}; CPU a call ${num(at(r, 'lab', 'engineCpuMicrosPerCall'), ' µs')} vs ${num(at(r, 'lab', 'bareCpuMicrosPerCall'), ' µs')}`,
  },
  {
    what: 'The floor under the lab engine in plain Node: the bare pool’s calls with the rows streamed from the same CSV by csv-parse and each call’s line written to a results file once a second as the lab’s writer writes, a literal check for the key, by the bench’s own code (`bench/labNodeFloor.ts`)',
    budget: 'none: what the work every run must do costs when done the plain way',
    measured: (r) => num(at(r, 'lab', 'floorToBareRatio')) && `${num(at(r, 'lab', 'floorCallsPerSecond'), '', 0)} calls/s = ${num(at(r, 'lab', 'floorToBareRatio'), ' ×', 2)}; CPU a call ${num(at(r, 'lab', 'floorCpuMicrosPerCall'), ' µs')}`,
  },
  {
    what: 'Lab run heap over 100,000 calls (after a full GC)',
    budget: 'growth < 50 MB',
    measured: (r) => num(at(r, 'lab', 'heap', 'growthAfterGcMb'), ' MB') && `${num(at(r, 'lab', 'heap', 'growthAfterGcMb'), ' MB')} after; at most ${num(at(r, 'lab', 'heap', 'liveGrowthMaxMb'), ' MB')} held during it (${num(at(r, 'lab', 'heap', 'calls'), ' calls', 0)})`,
  },
  {
    what: 'Run over Data inside VS Code: 10,000 rows × 2 variants at concurrency 8, timed from Run (the data file scanned before, as by the summary step), results view open; both sides under an edit every 50 ms; medians of the rounds (each round’s figure in brackets)',
    budget: '≥ 0.9 × a bare undici pool in the same extension host',
    measured: (r) =>
      num(at(r, 'labInVsCode', 'engineToBareRatio')) &&
      `${num(at(r, 'labInVsCode', 'engineCallsPerSecond'), '', 0)} vs ${num(at(r, 'labInVsCode', 'bareCallsPerSecond'), '', 0)} calls/s = ${num(at(r, 'labInVsCode', 'engineToBareRatio'), ' ×', 2)}${at(r, 'labInVsCode', 'engineCpuMicrosPerCall') === undefined ? '' : `; the extension host's CPU a call ${num(at(r, 'labInVsCode', 'engineCpuMicrosPerCall'), ' µs')} vs ${num(at(r, 'labInVsCode', 'bareCpuMicrosPerCall'), ' µs')}`}${roundsOf(r, 'engineRoundsCallsPerSecond', 'bareRoundsCallsPerSecond')}`,
  },
  {
    what: 'The floor under Run over Data: the bare pool’s calls in the same extension host, shown as the issue asks a run to show itself (each call’s line appended to the results file once a second as the lab’s writer appends, a progress notification and a status bar item; no results view), by the bench’s own code, nothing else of the extension',
    budget: 'none: the most Run over Data can reach',
    measured: (r) => num(at(r, 'labInVsCode', 'floorToBareRatio')) && `${num(at(r, 'labInVsCode', 'floorCallsPerSecond'), '', 0)} calls/s = ${num(at(r, 'labInVsCode', 'floorToBareRatio'), ' ×', 2)} (the extension host's CPU a call ${num(at(r, 'labInVsCode', 'floorCpuMicrosPerCall'), ' µs')})`,
  },
  {
    what: 'Where those rounds’ CPU went on the machine, µs a call, Run over Data / the floor / the bare pool: the extension host; the workbench’s renderer (webviews included); the browser’s other processes; the VS Code server; the service (in the bench’s runner)',
    budget: '',
    measured: (r) => {
      const side = (name: string, kind: string): string | undefined => num(at(r, 'labInVsCode', 'machineCpuMicrosPerCall', name, kind));
      const sides = (kind: string): string => `${side('runOverData', kind) ?? '?'} / ${side('floor', kind) ?? '?'} / ${side('bare', kind) ?? '?'}`;
      return side('runOverData', 'extensionHost') && `${sides('extensionHost')}; ${sides('renderer')}; ${sides('browser')}; ${sides('server')}; ${sides('serviceAndRunner')}`;
    },
  },
  {
    what: 'During that run: extension host event-loop delay; an edit’s time against one made idle',
    budget: 'p99 < 50 ms; ≤ 1.5 ×',
    measured: (r) => num(at(r, 'labInVsCode', 'loopDelayP99Ms')) && `p99 ${num(at(r, 'labInVsCode', 'loopDelayP99Ms'), ' ms')} (longest ${num(at(r, 'labInVsCode', 'loopDelayMaxMs'), ' ms')}); ${num(at(r, 'labInVsCode', 'runEditMs'), ' ms')} vs ${num(at(r, 'labInVsCode', 'idleEditMs'), ' ms')} = ${num(at(r, 'labInVsCode', 'editRatio'), ' ×', 2)}`,
  },
  {
    what: 'Results view of 100,000 results: first rows on screen',
    budget: '< 1 s',
    measured: (r) =>
      num(at(r, 'labInVsCode', 'resultsView', 'firstRowsMs'), ' ms', 0) &&
      `${num(at(r, 'labInVsCode', 'resultsView', 'firstRowsMs'), ' ms', 0)} (median of ${num(at(r, 'labInVsCode', 'resultsView', 'opens'), ' opens', 0) ?? '1 open'}); event loop's longest stall meanwhile ${num(at(r, 'labInVsCode', 'resultsView', 'loopMaxMs'), ' ms')}; the whole file read and its figures in ${num(at(r, 'labInVsCode', 'resultsView', 'untilFiguresMs'), ' ms', 0) ?? '?'} (longest stall ${num(at(r, 'labInVsCode', 'resultsView', 'untilFiguresLoopMaxMs'), ' ms') ?? '?'})`,
  },
  {
    what: 'Verdict panel over 20,000 results and 5,000 votes (1,000 bootstrap resamples), in the results view',
    budget: '< 500 ms, loop never blocked > 50 ms',
    measured: (r) => num(at(r, 'labInVsCode', 'verdictPanel', 'figuresMs'), ' ms', 0) && `${num(at(r, 'labInVsCode', 'verdictPanel', 'figuresMs'), ' ms', 0)} to the figures, median of ${num(at(r, 'labInVsCode', 'verdictPanel', 'opens'), ' opens', 0) ?? '1 open'} (the worker's share ${num(at(r, 'labInVsCode', 'verdictPanel', 'workerMs'), ' ms', 0)}); longest stall ${num(at(r, 'labInVsCode', 'verdictPanel', 'loopMaxMs'), ' ms')}`,
  },
  {
    what: 'The verdicts alone (plain Node): 20,000 results, 5,000 votes, 1,000 resamples',
    budget: '',
    measured: (r) => num(at(r, 'verdicts', 1, 'medianMs'), ' ms') && `${num(at(r, 'verdicts', 1, 'medianMs'), ' ms')} (CPU ${num(at(r, 'verdicts', 1, 'medianCpuMs'), ' ms')}); reading the two votes files ${num(at(r, 'verdicts', 0, 'medianMs'), ' ms')}`,
  },
  {
    what: 'Checks: grading a test of 11 assertions',
    budget: '',
    measured: (r) => num(at(r, 'checks', 'grading', 'gradeMicros'), ' µs') && `${num(at(r, 'checks', 'grading', 'gradeMicros'), ' µs')} (${num(at(r, 'checks', 'grading', 'assertionMicros'), ' µs', 2)} an assertion); parsing ${num(at(r, 'checks', 'grading', 'tests'), ' tests', 0)} in ${num(at(r, 'checks', 'grading', 'parseMs'), ' ms')}`,
  },
  {
    what: 'gist-check over tests × 2 variants at concurrency 8, calls/s',
    budget: '≥ 0.9 × a bare undici pool',
    measured: (r) => num(at(r, 'checks', 'cli', 'inProcessToBareRatio')) && `in process ${num(at(r, 'checks', 'cli', 'inProcessCallsPerSecond'), '', 0)} = ${num(at(r, 'checks', 'cli', 'inProcessToBareRatio'), ' ×', 2)} (CPU a call ${num(at(r, 'checks', 'cli', 'cpuMicrosPerCall', 'inProcess'), ' µs') ?? '?'} vs ${num(at(r, 'checks', 'cli', 'cpuMicrosPerCall', 'bare'), ' µs') ?? '?'}); the bundle as CI runs it, Node's start included, ${num(at(r, 'checks', 'cli', 'bundledCallsPerSecond'), '', 0)} = ${num(at(r, 'checks', 'cli', 'bundledToBareRatio'), ' ×', 2)}; bare pool ${num(at(r, 'checks', 'cli', 'bareCallsPerSecond'), '', 0)}`,
  },
  {
    what: 'The bundled gist-check against the bare pool as a process of its own, both timed from spawn to exit',
    budget: '≥ 0.9 ×',
    measured: (r) =>
      num(at(r, 'checks', 'cli', 'bundledToBareProcessRatio')) &&
      `${num(at(r, 'checks', 'cli', 'bundledCallsPerSecond'), '', 0)} vs ${num(at(r, 'checks', 'cli', 'bareProcessCallsPerSecond'), '', 0)} calls/s = ${num(at(r, 'checks', 'cli', 'bundledToBareProcessRatio'), ' ×', 2)}`,
  },
  {
    what: 'Checks in the Test Explorer: 1,000 tests × 2 variants through the run profile at concurrency 8, calls/s',
    budget: '≥ 0.9 × a bare undici pool in the same extension host',
    measured: (r) =>
      num(at(r, 'checksInVsCode', 'profileToBareRatio')) &&
      `${num(at(r, 'checksInVsCode', 'profileCallsPerSecond'), '', 0)} vs ${num(at(r, 'checksInVsCode', 'bareCallsPerSecond'), '', 0)} = ${num(at(r, 'checksInVsCode', 'profileToBareRatio'), ' ×', 2)}; extension host CPU a call ${num(at(r, 'checksInVsCode', 'profileCpuMicrosPerCall'), ' µs', 0)} vs ${num(at(r, 'checksInVsCode', 'bareCpuMicrosPerCall'), ' µs', 0)}; event loop p99 ${num(at(r, 'checksInVsCode', 'loopDelayP99Ms'), ' ms')}, longest ${num(at(r, 'checksInVsCode', 'loopDelayMaxMs'), ' ms')}`,
  },
  {
    what: 'The floor under any Test Explorer run: the bare pool\'s calls, each cell reported `passed` (then `started` and `passed`) through the Testing API by a controller of the bench\'s own, nothing else',
    budget: 'none: the most the Test Explorer row can reach',
    measured: (r) =>
      num(at(r, 'checksInVsCode', 'floorPassedToBareRatio')) &&
      `passed only ${num(at(r, 'checksInVsCode', 'floorPassedCallsPerSecond'), '', 0)} calls/s = ${num(at(r, 'checksInVsCode', 'floorPassedToBareRatio'), ' ×', 2)} (${num(at(r, 'checksInVsCode', 'floorPassedCpuMicrosPerCall'), ' µs', 0)} a call); started and passed ${num(at(r, 'checksInVsCode', 'floorStartedCallsPerSecond'), '', 0)} calls/s = ${num(at(r, 'checksInVsCode', 'floorStartedToBareRatio'), ' ×', 2)} (${num(at(r, 'checksInVsCode', 'floorStartedCpuMicrosPerCall'), ' µs', 0)} a call)`,
  },
  {
    what: 'Discovery of 200 test files (2,000 tests): none in `activate()`; the Testing view opened until all are listed; a forced rediscovery',
    budget: '< 500 ms, off `activate()`',
    measured: (r) =>
      num(at(r, 'checksInVsCode', 'discovery', 'firstAskMs'), ' ms', 0) &&
      `${at(r, 'checksInVsCode', 'discovery', 'notAtActivation') === true ? 'none at activation' : 'NOT off activation'} (\`activate()\` ${num(at(r, 'checksInVsCode', 'discovery', 'activationMs'), ' ms', 2)}); first ask ${num(at(r, 'checksInVsCode', 'discovery', 'firstAskMs'), ' ms', 0)} (longest stall ${num(at(r, 'checksInVsCode', 'discovery', 'firstAskLoopMaxMs'), ' ms', 0)}); rediscovery median ${num(at(r, 'checksInVsCode', 'discovery', 'forcedMedianMs'), ' ms', 0)} (longest stall ${num(at(r, 'checksInVsCode', 'discovery', 'forcedLoopMaxMs'), ' ms', 0)})`,
  },
];

export function figuresTable(results: Results): string {
  const rows = ROWS.map((row) => ({ row, measured: row.measured(results) })).filter((entry) => entry.measured !== undefined);
  return [
    `Recorded on ${typeof results.machine === 'string' ? results.machine : 'this machine'}; load average after the run ${Array.isArray(results.loadAverageAfter) ? results.loadAverageAfter.join(', ') : '?'}.`,
    '',
    '| What | Budget | Measured |',
    '|---|---|---|',
    ...rows.map(({ row, measured }) => `| ${row.what} | ${row.budget} | ${measured ?? ''} |`),
  ].join('\n');
}

/** Replaces the figures between the markers of docs/performance.md with the table of `resultsFile`. */
export function writePerformanceDoc(resultsFile = path.join(REPO_ROOT, 'bench', 'results.json')): void {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as Results;
  const doc = readFileSync(PERFORMANCE_DOC, 'utf8');
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end < start) {
    throw new Error(`${PERFORMANCE_DOC} has no ${START} … ${END} markers.`);
  }
  writeFileSync(PERFORMANCE_DOC, `${doc.slice(0, start + START.length)}\n${figuresTable(results)}\n${doc.slice(end)}`);
}

if (require.main === module) {
  writePerformanceDoc();
  process.stdout.write(`wrote the figures of ${path.relative(REPO_ROOT, PERFORMANCE_DOC)} from bench/results.json\n`);
}
