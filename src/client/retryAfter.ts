// `Retry-After` is either seconds or an HTTP date (RFC 9110 §10.2.3), and what the user is told
// about it. Pure: no `vscode`.
//
// The header comes from the service: any number of digits, any date. The wait is kept as whole
// seconds of at most a day (nothing here waits longer), and said as a human duration of at most an
// hour; past that the message says "later" (never "Retry in 1e+23 seconds").

/** Longer waits are counted as this: a day. */
export const MAX_RETRY_AFTER_SECONDS = 86_400;
/** Longer waits are said as "later". */
export const MAX_SAID_WAIT_SECONDS = 3_600;

/** Whole seconds to wait, 0 to a day; undefined when the header is absent or not a wait. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) {
    return undefined;
  }
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    // Compared as digits, so a hundred digits is "long" rather than 1e+100.
    const digits = text.replace(/^0+(?=\d)/, '');
    return digits.length > String(MAX_RETRY_AFTER_SECONDS).length ? MAX_RETRY_AFTER_SECONDS : Math.min(Number(digits), MAX_RETRY_AFTER_SECONDS);
  }
  const date = Date.parse(text);
  if (Number.isNaN(date)) {
    return undefined;
  }
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(0, Math.ceil((date - now) / 1000)));
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** What the user is told to do: "Retry in 45 seconds.", "Retry in 2 minutes.", "Retry later.". */
export function retryWhen(seconds: number | undefined): string {
  if (seconds === undefined) {
    return 'Retry in a moment.';
  }
  if (seconds <= 0) {
    return 'Retry now.';
  }
  if (seconds < 60) {
    return `Retry in ${plural(seconds, 'second', 'seconds')}.`;
  }
  if (seconds < MAX_SAID_WAIT_SECONDS) {
    // Rounded up: never sooner than the service asked.
    return `Retry in ${plural(Math.ceil(seconds / 60), 'minute', 'minutes')}.`;
  }
  return seconds === MAX_SAID_WAIT_SECONDS ? 'Retry in 1 hour.' : 'Retry later.';
}
