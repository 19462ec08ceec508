// Which buttons a failure notification offers, from the error's remedy. Pure: no `vscode`, so the
// choice is unit tested; errorNotifier.ts turns each action into a labelled button.
import type { GistRemedy } from '../client/errors';

export type ErrorAction = 'setApiKey' | 'setBaseUrl' | 'openSettings' | 'retry' | 'showLog';

/**
 * The remedy's button first, then "Show Log" (always: the details are there). "Retry" only when
 * the caller can re-run the same request (`canRetry`); 401/403 carry `setApiKey` instead.
 */
export function errorActions(remedy: GistRemedy, canRetry: boolean): ErrorAction[] {
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
  actions.push('showLog');
  return actions;
}
