// Runs the verdict computation in a worker thread (verdictsWorker.ts) and hands back the panel it
// worked out; one worker, started on first use, ended with the view that owns it. Pure Node: no `vscode`.
import { Worker } from 'node:worker_threads';
import type { VerdictInput } from '../review/verdicts';
import type { VerdictsView } from './resultsViewProtocol';
import { packedBuffers, type PackedCells } from './verdictCells';
import type { VerdictsAnswer, VerdictsRequest } from './verdictsWorker';

type Request = Omit<Extract<VerdictsRequest, { kind: 'input' }>, 'id'> | Omit<Extract<VerdictsRequest, { kind: 'votes' }>, 'id'> | Omit<Extract<VerdictsRequest, { kind: 'cells' }>, 'id'>;

export class VerdictsComputer {
  private worker: Worker | undefined;
  private next = 0;
  private readonly waiting = new Map<number, { resolve: (value: VerdictsView | undefined) => void; reject: (error: Error) => void }>();

  /** `workerFile`: the built verdictsWorker.js (dist/ in the extension, out/ in the tests). */
  constructor(private readonly workerFile: string) {}

  /** Starts the worker thread now, so that its start overlaps with reading the results. */
  warmUp(): void {
    this.started();
  }

  /** The panel of `input`; `problems` (votes files that could not be read) are said in it. */
  async compute(input: VerdictInput, problems: readonly string[]): Promise<VerdictsView> {
    const view = await this.ask({ kind: 'input', input, problems });
    if (view === undefined) throw new Error('The verdicts worker gave no figures.');
    return view;
  }

  /** Has the worker read the votes files of the results file at `resultsPath` now, while the caller reads the results. */
  readVotesAhead(resultsPath: string): void {
    void this.ask({ kind: 'votes', path: resultsPath }).catch(() => undefined);
  }

  /**
   * The panel of a results file's cells (packed: their columns move to the worker, and are no
   * longer usable here) and its votes files, which the worker reads itself: again when
   * `rereadVotes`, else as it last read them.
   */
  async computeCells(resultsPath: string, cells: PackedCells, rereadVotes: boolean): Promise<VerdictsView> {
    const view = await this.ask({ kind: 'cells', path: resultsPath, cells, rereadVotes }, packedBuffers(cells));
    if (view === undefined) throw new Error('The verdicts worker gave no figures.');
    return view;
  }

  private ask(request: Request, transfer: ArrayBuffer[] = []): Promise<VerdictsView | undefined> {
    const worker = this.started();
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } satisfies VerdictsRequest, transfer);
    });
  }

  private started(): Worker {
    if (this.worker !== undefined) return this.worker;
    const worker = new Worker(this.workerFile);
    worker.on('message', (answer: VerdictsAnswer) => {
      const waiter = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if ('error' in answer) waiter?.reject(new Error(answer.error));
      else waiter?.resolve(answer.view);
    });
    const failAll = (error: Error): void => {
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
      this.worker = undefined;
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`The verdicts worker stopped (exit code ${code}).`)));
    // It must not keep the extension host (or a test) alive by itself.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  dispose(): void {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
  }
}
