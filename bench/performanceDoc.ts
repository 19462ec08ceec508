// Writes the figures table of docs/performance.md from bench/results.json, between the markers
// `<!-- figures:start -->` and `<!-- figures:end -->`, so the page always shows the recorded run.
// `npm run bench` (a full run) calls it after recording; `node out/bench/performanceDoc.js` does it alone.
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../tools/vscodeServer/paths';
import { CAPACITY_PROFILES } from './capacityProfiles';

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

interface Row {
  readonly what: string;
  readonly budget: string;
  /** Undefined when the recorded run has no figure for it (its section was not run). */
  measured(results: Results): string | undefined;
}

/** The capacity bench's figures of one client on one profile, as a table cell says them. */
function clientFigures(r: Results, profile: number, client: string, name: string): string | undefined {
  const f = (...keys: string[]): unknown => at(r, 'capacity', 'profiles', profile, 'clients', client, ...keys);
  if (typeof f('seconds') !== 'number') return undefined;
  const rejected = typeof f('rejectedShare') === 'number' ? num((f('rejectedShare') as number) * 100, ' %') : undefined;
  return `${name} ${num(f('seconds'), ' s')} = ${num(f('toBound'), ' ×', 2)} (${rejected ?? '?'} rejected, ${num(f('lost'), '', 0) ?? '?'} lost, ${num(f('doubled'), '', 0) ?? '?'} doubled)`;
}

/** One row per profile of the capacity bench (bench/capacityProfiles.ts). */
const CAPACITY_ROWS: readonly Row[] = CAPACITY_PROFILES.map((_, profile) => ({
  what: `Time to answer: ${CAPACITY_PROFILES[profile]?.cells ?? '?'} cells, ${CAPACITY_PROFILES[profile]?.label ?? ''} (latency median 400 ms, p95 1.5 s)`,
  budget: '≤ 1.2 × the bound, ≤ 5 % rejected, none lost or doubled',
  measured: (r) => {
    const bound = at(r, 'capacity', 'profiles', profile, 'boundSeconds');
    if (typeof bound !== 'number') return undefined;
    const clients = [clientFigures(r, profile, 'engine', 'Run over Data'), clientFigures(r, profile, 'gistCheck', 'gist-check'), clientFigures(r, profile, 'ideal', 'the ideal client')].filter((one) => one !== undefined);
    return `bound ${num(bound, ' s')}: ${clients.join('; ')}`;
  },
}));

const ROWS: readonly Row[] = [
  ...CAPACITY_ROWS,
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
    what: 'Run over Data’s engine in plain Node, zero latency: its own CPU a call (the CPU a call beyond a bare undici pool’s, making the same calls side by side)',
    budget: '< 100 µs',
    measured: (r) => num(at(r, 'lab', 'engineOwnCpuMicrosPerCall'), ' µs') && `${num(at(r, 'lab', 'engineOwnCpuMicrosPerCall'), ' µs')} (${num(at(r, 'lab', 'engineCpuMicrosPerCall'), ' µs')} against ${num(at(r, 'lab', 'bareCpuMicrosPerCall'), ' µs')}, ${num(at(r, 'lab', 'rows'), '', 0)} rows × 2 variants)`,
  },
  {
    what: 'Its heap over a long run (after a full GC)',
    budget: 'growth < 50 MB',
    measured: (r) => num(at(r, 'lab', 'heap', 'growthAfterGcMb'), ' MB') && `${num(at(r, 'lab', 'heap', 'growthAfterGcMb'), ' MB')} after; at most ${num(at(r, 'lab', 'heap', 'liveGrowthMaxMb'), ' MB')} held during it (${num(at(r, 'lab', 'heap', 'calls'), ' calls', 0)})`,
  },
  {
    what: 'Typing during Run over Data inside VS Code (10,000 rows × 2 variants from the loopback service, as fast as it answers, results view open): the extension host’s event-loop delay; an edit’s time against one made idle',
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
    what: 'A Test Explorer run of 1,000 tests × 2 variants (loopback, as fast as it answers): the extension host’s event-loop delay',
    budget: 'p99 < 50 ms',
    measured: (r) => num(at(r, 'checksInVsCode', 'loopDelayP99Ms')) && `p99 ${num(at(r, 'checksInVsCode', 'loopDelayP99Ms'), ' ms')}, longest ${num(at(r, 'checksInVsCode', 'loopDelayMaxMs'), ' ms')}`,
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
