// `gist.requestTimeoutSeconds` as milliseconds, within the range package.json declares. VS Code
// does not enforce `minimum`/`maximum` on values written in settings.json (user or workspace), and
// a timer past 2^31-1 ms fires at once, so every call would time out. Pure: no `vscode`.
import { DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS, MIN_TIMEOUT_SECONDS } from './limits';

export function requestTimeoutMs(value: unknown): number {
  if (typeof value !== 'number' || Number.isNaN(value)) {
    return DEFAULT_TIMEOUT_SECONDS * 1000;
  }
  const seconds = Math.min(MAX_TIMEOUT_SECONDS, Math.max(MIN_TIMEOUT_SECONDS, value));
  return Math.round(seconds * 1000);
}
