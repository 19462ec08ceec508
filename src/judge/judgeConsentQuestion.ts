// What the user is asked before any output goes to a language model: which model (its name, vendor
// and family, as VS Code reports them), which results, how many pairs and requests, where the votes
// go, the instruction; and, when there are many pairs, a random sample of them instead of all.
// The answer is the number of pairs to judge; nothing is sent without one. Pure: no `vscode`.
import type { PendingPair } from './judgePlan';

/** Pairs offered as a sample when more are pending: enough for a first figure, about a minute of a fast model. */
export const SAMPLE_PAIRS = 50;

export interface JudgeConsentQuestion {
  readonly model: { readonly name: string; readonly vendor: string; readonly family: string; readonly id: string };
  /** File names, not paths. */
  readonly resultsFile: string;
  readonly votesFile: string;
  readonly gist: string;
  /** The instruction the judge gets (a resumed judge's from its file). */
  readonly instruction: string;
  /** The judge judged this run before: only what is missing is asked. */
  readonly resumed: boolean;
  readonly totalPairs: number;
  readonly judgedPairs: number;
  readonly pendingPairs: number;
  /** Requests to judge every pending pair (two a pair, one for a pair judged one way before). */
  readonly requests: number;
  /** A random sample of the pending pairs, offered when there are more than SAMPLE_PAIRS. */
  readonly sample?: { readonly pairs: number; readonly requests: number };
}

/** Pairs to judge, as the user answered; undefined sends nothing. */
export type JudgeConsentDialog = (question: JudgeConsentQuestion) => Promise<number | undefined>;

const requestsOf = (pending: readonly PendingPair[]): number => pending.reduce((sum, entry) => sum + entry.judgements.length, 0);

export function consentCounts(pending: readonly PendingPair[]): Pick<JudgeConsentQuestion, 'pendingPairs' | 'requests' | 'sample'> {
  return {
    pendingPairs: pending.length,
    requests: requestsOf(pending),
    ...(pending.length > SAMPLE_PAIRS ? { sample: { pairs: SAMPLE_PAIRS, requests: requestsOf(pending.slice(0, SAMPLE_PAIRS)) } } : {}),
  };
}
