// The verdicts, worked out in a worker thread: 20,000 cells and 5,000 votes with 1,000 bootstrap
// resamples take tens of milliseconds of CPU, which the extension host's event loop must not wait
// on (it serves every editor). A results view's figures are worked out from the file itself: the
// worker keeps its own index of the results file (read again only where it grew) and reads the
// votes files, so the extension host neither waits for its own index nor copies cells over. It
// answers with the panel as the view shows it. Built as dist/verdictsWorker.js; run by verdictsComputer.ts.
import { parentPort } from 'node:worker_threads';
import { computeVerdicts, type VerdictInput } from '../review/verdicts';
import { isResultsFileError } from '../runs/resultsFileError';
import type { VerdictsView } from './resultsViewProtocol';
import { ResultsIndex } from './resultsIndex';
import { verdictCells, verdictVariants } from './verdictCells';
import { readVotesFiles, type ReadVotes } from './votesFiles';
import { verdictsView } from './verdictsView';

export type VerdictsRequest =
  /** Figures of cells and votes read by the caller; `problems` (votes files that could not be read) are said in the panel. */
  | { readonly id: number; readonly kind: 'input'; readonly input: VerdictInput; readonly problems: readonly string[] }
  /** Figures of a results file and the votes files beside it; the votes are read again only when `rereadVotes`. */
  | { readonly id: number; readonly kind: 'file'; readonly path: string; readonly rereadVotes: boolean };

export type VerdictsAnswer =
  | { readonly id: number; readonly view: VerdictsView }
  /** The file is not (yet) a results file this version reads: the view says so itself, the figures wait. */
  | { readonly id: number; readonly notResults: string }
  | { readonly id: number; readonly error: string };

interface FileFigures {
  index?: ResultsIndex;
  votes?: ReadVotes;
  /** The panel last worked out, given again when neither the results nor the votes changed. */
  view?: VerdictsView;
}

const files = new Map<string, FileFigures>();

async function fileAnswer(path: string, rereadVotes: boolean, id: number): Promise<VerdictsAnswer> {
  const started = performance.now();
  const figures = files.get(path) ?? {};
  files.set(path, figures);
  // The votes are read while the results are: their reads overlap.
  const votesRead = rereadVotes || figures.votes === undefined ? readVotesFiles(path) : undefined;
  votesRead?.catch(() => undefined);
  let changed = votesRead !== undefined;
  try {
    if (figures.index === undefined) {
      figures.index = await ResultsIndex.open(path);
      changed = true;
    } else if (await figures.index.catchUp()) {
      changed = true;
    }
  } catch (error) {
    if (isResultsFileError(error)) {
      files.delete(path);
      return { id, notResults: error.message };
    }
    throw error;
  }
  if (votesRead !== undefined) figures.votes = await votesRead;
  const { index, votes } = figures;
  if (!changed && figures.view !== undefined) return { id, view: figures.view };
  if (votes === undefined) throw new Error('the votes were not read');
  const verdicts = computeVerdicts({ variants: verdictVariants(index), cells: verdictCells(index), votes: votes.files });
  figures.view = verdictsView(verdicts, performance.now() - started, votes.problems);
  return { id, view: figures.view };
}

async function answer(request: VerdictsRequest): Promise<VerdictsAnswer> {
  try {
    if (request.kind === 'file') return await fileAnswer(request.path, request.rereadVotes, request.id);
    const started = performance.now();
    const verdicts = computeVerdicts(request.input);
    return { id: request.id, view: verdictsView(verdicts, performance.now() - started, request.problems) };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}

// One request at a time: two reads of one file's index must not interleave.
let queue: Promise<unknown> = Promise.resolve();
parentPort?.on('message', (request: VerdictsRequest) => {
  queue = queue
    .then(async () => parentPort?.postMessage(await answer(request)))
    .catch((error: unknown) => parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies VerdictsAnswer));
});
