// The calls gist_generate's confirmation showed, kept until their `invoke`: what goes out is what
// the user saw, even if the editor or the clipboard changed while the question was open, and a call
// the confirmation never showed (its preparation failed, and then the account or the catalog
// changed) is not sent. VS Code prepares a call, asks, then invokes it with the same input.
// Pure: no `vscode`.
import type { GenerateRequest } from '../client/types';
import type { CallPlan } from './callPlan';

/** Questions left unanswered (the user cancelled) are dropped past this, oldest first. */
const MAX_PENDING = 16;

/** The same input gives the same key, whatever the order of its values. */
export function inputKey(request: GenerateRequest): string {
  const values = Object.entries(request.values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([request.gistId, request.variant ?? null, values]);
}

export class ConfirmedCalls {
  private readonly pending: Array<{ readonly key: string; readonly plan: CallPlan }> = [];

  /** A call about to be shown for confirmation. */
  add(input: GenerateRequest, plan: CallPlan): void {
    this.pending.push({ key: inputKey(input), plan });
    if (this.pending.length > MAX_PENDING) {
      this.pending.shift();
    }
  }

  /**
   * The call shown for this input, once. The newest when the same input was prepared twice: an
   * earlier question may have been cancelled (then never invoked), and what the user just
   * confirmed is the latest one. Calls prepared together are each taken in turn.
   */
  take(input: GenerateRequest): CallPlan | undefined {
    const key = inputKey(input);
    for (let index = this.pending.length - 1; index >= 0; index--) {
      if (this.pending[index]?.key === key) {
        return this.pending.splice(index, 1)[0]?.plan;
      }
    }
    return undefined;
  }
}
