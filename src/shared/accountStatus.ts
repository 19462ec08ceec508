// The one state value behind the status bar, the context keys and the Accounts menu.
// Pure: no `vscode`.

import type { GistUser } from './gistUser';

export type AccountStatus =
  | { readonly kind: 'signedOut' }
  | { readonly kind: 'checking' }
  | { readonly kind: 'signedIn'; readonly user: GistUser }
  /** `rejected`: the key was refused; `unreachable`: no answer; `configuration`: no usable base URL. */
  | { readonly kind: 'error'; readonly reason: 'rejected' | 'unreachable' | 'configuration'; readonly message: string };

export interface AccountSnapshot {
  readonly status: AccountStatus;
  /** Generations in flight. */
  readonly generating: number;
  readonly lastCallId: string | undefined;
  /** The lab runs of this window: calls done of all, and how many runs; undefined when none runs. */
  readonly labRuns?: { readonly done: number; readonly total: number; readonly runs: number } | undefined;
  /** The service URL of the window's profile. */
  readonly baseUrl: string;
  /** The name of the profile this window uses. */
  readonly profile: string;
  /** Every profile's name, in order; with more than one, the status bar names the window's. */
  readonly profiles: readonly string[];
}
