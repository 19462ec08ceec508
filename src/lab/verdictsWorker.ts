// The verdicts, worked out in a worker thread: 20,000 cells and 5,000 votes with 1,000 bootstrap
// resamples take tens of milliseconds of CPU, which the extension host's event loop must not wait
// on (it serves every editor). It answers with the panel as the view shows it. Built as
// dist/verdictsWorker.js; run by verdictsComputer.ts.
import { parentPort } from 'node:worker_threads';
import { computeVerdicts, type VerdictInput } from '../review/verdicts';
import { verdictsView } from './verdictsView';

export interface VerdictsRequest {
  readonly id: number;
  readonly input: VerdictInput;
  /** Votes files or lines that could not be read, said in the panel. */
  readonly problems: readonly string[];
}

parentPort?.on('message', (request: VerdictsRequest) => {
  try {
    const started = performance.now();
    const verdicts = computeVerdicts(request.input);
    parentPort?.postMessage({ id: request.id, view: verdictsView(verdicts, performance.now() - started, request.problems) });
  } catch (error) {
    parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
