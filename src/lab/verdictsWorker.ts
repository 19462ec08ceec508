// The verdicts, worked out in a worker thread: 20,000 cells and 5,000 votes with 1,000 bootstrap
// resamples take tens of milliseconds of CPU, which the extension host's event loop must not wait
// on (it serves every editor). A results view's cells come packed (verdictCells.ts); the votes
// files the worker reads itself, while the view reads the results, and keeps until told they
// changed. It answers with the panel as the view shows it. Built as dist/verdictsWorker.js; run by
// verdictsComputer.ts.
import { parentPort } from 'node:worker_threads';
import { lowerThreadPriority } from './backgroundPriority';
import { computeVerdicts, type VerdictInput } from '../review/verdicts';
import type { VerdictsView } from './resultsViewProtocol';
import { unpackVerdictCells, type PackedCells } from './verdictCells';
import { readVotesFiles, type CountedVotesFile, type ReadVotes } from './votesFiles';
import { verdictsView } from './verdictsView';

export type VerdictsRequest =
  /** Figures of cells and votes read by the caller; `problems` (votes files that could not be read) are said in the panel. */
  | { readonly id: number; readonly kind: 'input'; readonly input: VerdictInput; readonly problems: readonly string[]; readonly counted?: readonly CountedVotesFile[] }
  /** Read the votes files of the results file at `path` now (the figures of its cells will need them). */
  | { readonly id: number; readonly kind: 'votes'; readonly path: string }
  /** Figures of a results file's cells and its votes files, read again first when `rereadVotes`. */
  | { readonly id: number; readonly kind: 'cells'; readonly path: string; readonly cells: PackedCells; readonly rereadVotes: boolean }
  /** The view of `path` closed: its votes are no longer kept (no answer). */
  | { readonly id: number; readonly kind: 'forget'; readonly path: string };

export type VerdictsAnswer = { readonly id: number; readonly view?: VerdictsView } | { readonly id: number; readonly error: string };

/** The votes files of each results file, as last read. */
const votesOf = new Map<string, Promise<ReadVotes>>();

function readVotes(path: string): Promise<ReadVotes> {
  const read = readVotesFiles(path);
  read.catch(() => undefined);
  votesOf.set(path, read);
  return read;
}

async function answer(request: VerdictsRequest): Promise<VerdictsAnswer> {
  try {
    const started = performance.now();
    switch (request.kind) {
      case 'input':
        return { id: request.id, view: verdictsView(computeVerdicts(request.input), performance.now() - started, request.problems, request.counted) };
      case 'votes':
        void readVotes(request.path);
        return { id: request.id };
      case 'forget':
        votesOf.delete(request.path);
        return { id: request.id };
      case 'cells': {
        const votes = await (request.rereadVotes ? undefined : votesOf.get(request.path)) ?? (await readVotes(request.path));
        const verdicts = computeVerdicts({ variants: request.cells.variants, cells: unpackVerdictCells(request.cells), votes: votes.files });
        return { id: request.id, view: verdictsView(verdicts, performance.now() - started, votes.problems, votes.counted) };
      }
    }
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}

// Background work: the extension host's main thread gets the cores first.
lowerThreadPriority();

parentPort?.on('message', (request: VerdictsRequest) => {
  void answer(request).then((reply) => parentPort?.postMessage(reply));
});
