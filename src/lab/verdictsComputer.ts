// Runs the verdict computation in a worker thread (verdictsWorker.ts) and hands back the panel it
// worked out. One worker serves every view of the window, started on first use and ended when no
// view has used it for IDLE_MS: a fresh worker's code is not compiled yet, and worked a
// 20,000-result panel out in about twice the time of a worker that had done one before.
// Pure Node: no `vscode`.
import { Worker } from 'node:worker_threads';
import type { VerdictInput } from '../review/verdicts';
import type { VerdictsView } from './resultsViewProtocol';
import { packedBuffers, type PackedCells } from './verdictCells';
import type { VerdictsAnswer, VerdictsRequest } from './verdictsWorker';
import type { CountedVotesFile } from './votesFiles';

type Request = Omit<Extract<VerdictsRequest, { kind: 'input' }>, 'id'> | Omit<Extract<VerdictsRequest, { kind: 'votes' }>, 'id'> | Omit<Extract<VerdictsRequest, { kind: 'cells' }>, 'id'> | Omit<Extract<VerdictsRequest, { kind: 'forget' }>, 'id'>;

interface Waiter {
  readonly resolve: (value: VerdictsView | undefined) => void;
  readonly reject: (error: Error) => void;
}

/** The worker of one built worker file, shared by the computers that use it. */
interface SharedWorker {
  readonly worker: Worker;
  readonly waiting: Map<number, Waiter>;
  users: number;
  idle: NodeJS.Timeout | undefined;
}

/** How long a worker no view uses is kept (warm) for the next. */
const IDLE_MS = 2 * 60_000;
const workers = new Map<string, SharedWorker>();
let nextId = 0;

function sharedWorker(workerFile: string): SharedWorker {
  const existing = workers.get(workerFile);
  if (existing !== undefined) return existing;
  const worker = new Worker(workerFile);
  const shared: SharedWorker = { worker, waiting: new Map(), users: 0, idle: undefined };
  worker.on('message', (answer: VerdictsAnswer) => {
    const waiter = shared.waiting.get(answer.id);
    shared.waiting.delete(answer.id);
    if ('error' in answer) waiter?.reject(new Error(answer.error));
    else waiter?.resolve(answer.view);
  });
  const failAll = (error: Error): void => {
    for (const waiter of shared.waiting.values()) waiter.reject(error);
    shared.waiting.clear();
    clearTimeout(shared.idle);
    if (workers.get(workerFile) === shared) workers.delete(workerFile);
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`The verdicts worker stopped (exit code ${code}).`)));
  // It must not keep the extension host (or a test) alive by itself.
  worker.unref();
  workers.set(workerFile, shared);
  return shared;
}

export class VerdictsComputer {
  private shared: SharedWorker | undefined;
  /** The requests of this computer still waiting, failed when it is disposed. */
  private readonly mine = new Set<number>();
  /** The results files whose votes the worker keeps for this computer, forgotten when it is disposed. */
  private readonly votesKept = new Set<string>();

  /** `workerFile`: the built verdictsWorker.js (dist/ in the extension, out/ in the tests). */
  constructor(private readonly workerFile: string) {}

  /** Starts the worker thread now (unless it runs already), so that its start overlaps with reading the results. */
  warmUp(): void {
    this.started();
  }

  /** The panel of `input`; `problems` (votes files that could not be read) are said in it. */
  async compute(input: VerdictInput, problems: readonly string[], counted: readonly CountedVotesFile[] = []): Promise<VerdictsView> {
    const view = await this.ask({ kind: 'input', input, problems, counted });
    if (view === undefined) throw new Error('The verdicts worker gave no figures.');
    return view;
  }

  /** Has the worker read the votes files of the results file at `resultsPath` now, while the caller reads the results. */
  readVotesAhead(resultsPath: string): void {
    this.votesKept.add(resultsPath);
    void this.ask({ kind: 'votes', path: resultsPath }).catch(() => undefined);
  }

  /**
   * The panel of a results file's cells (packed: their columns move to the worker, and are no
   * longer usable here) and its votes files, which the worker reads itself: again when
   * `rereadVotes`, else as it last read them.
   */
  async computeCells(resultsPath: string, cells: PackedCells, rereadVotes: boolean): Promise<VerdictsView> {
    this.votesKept.add(resultsPath);
    const view = await this.ask({ kind: 'cells', path: resultsPath, cells, rereadVotes }, packedBuffers(cells));
    if (view === undefined) throw new Error('The verdicts worker gave no figures.');
    return view;
  }

  private ask(request: Request, transfer: ArrayBuffer[] = []): Promise<VerdictsView | undefined> {
    const shared = this.started();
    const id = ++nextId;
    return new Promise((resolve, reject) => {
      this.mine.add(id);
      shared.waiting.set(id, {
        resolve: (value) => {
          this.mine.delete(id);
          resolve(value);
        },
        reject: (error) => {
          this.mine.delete(id);
          reject(error);
        },
      });
      shared.worker.postMessage({ ...request, id } satisfies VerdictsRequest, transfer);
    });
  }

  private started(): SharedWorker {
    // A worker that stopped (or crashed) is replaced by a new one.
    if (this.shared !== undefined && workers.get(this.workerFile) === this.shared) return this.shared;
    const shared = sharedWorker(this.workerFile);
    clearTimeout(shared.idle);
    shared.idle = undefined;
    shared.users += 1;
    this.shared = shared;
    return shared;
  }

  dispose(): void {
    const shared = this.shared;
    this.shared = undefined;
    if (shared === undefined) return;
    const busy = this.mine.size > 0;
    for (const id of this.mine) {
      shared.waiting.get(id)?.reject(new Error('The verdicts were no longer needed.'));
      shared.waiting.delete(id);
    }
    this.mine.clear();
    if (workers.get(this.workerFile) !== shared) return;
    for (const path of this.votesKept) shared.worker.postMessage({ kind: 'forget', path, id: ++nextId } satisfies VerdictsRequest);
    this.votesKept.clear();
    shared.users -= 1;
    if (shared.users === 0 && busy) {
      // Nobody else waits on it and it works for a view that is gone (a big file's figures take seconds): stop it now.
      workers.delete(this.workerFile);
      void shared.worker.terminate();
    } else if (shared.users === 0) {
      shared.idle = setTimeout(() => {
        if (shared.users === 0) void shared.worker.terminate();
      }, IDLE_MS);
      shared.idle.unref();
    }
  }
}
