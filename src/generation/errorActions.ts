// Which buttons a failure notification offers, from the error's kind and remedy. Pure: no
// `vscode`, so the choice is unit tested; errorNotifier.ts turns each action into a labelled button.
import type { GistErrorKind, GistRemedy } from '../client/errors';

export type ErrorAction = 'setApiKey' | 'setBaseUrl' | 'openSettings' | 'retry' | 'diagnose' | 'showLog';

export interface ErrorActionInput {
  readonly kind: GistErrorKind;
  readonly remedy: GistRemedy;
  /** The caller can re-run the same request (a generate call can; the diagnosis cannot). */
  readonly canRetry: boolean;
  /** Offer "Diagnose Connection" for connection failures (not from the diagnosis itself). */
  readonly canDiagnose: boolean;
}

/**
 * The remedy's button first; "Retry" only when the request can be re-run (401/403 carry
 * `setApiKey` instead); "Diagnose Connection" for network failures and time-outs; then
 * "Show Log" (always: the details are there).
 */
export function errorActions({ kind, remedy, canRetry, canDiagnose }: ErrorActionInput): ErrorAction[] {
  const actions: ErrorAction[] = [];
  switch (remedy) {
    case 'setApiKey':
    case 'setBaseUrl':
    case 'openSettings':
      actions.push(remedy);
      break;
    case 'retry':
      if (canRetry) {
        actions.push('retry');
      }
      break;
    case 'openLog':
    case 'none':
      break;
  }
  if (canDiagnose && (kind === 'network' || kind === 'timeout')) {
    actions.push('diagnose');
  }
  actions.push('showLog');
  return actions;
}
