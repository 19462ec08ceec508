// The name a blind review writes into each vote and its votes file's name: the one set in
// gist.review.reviewer, else the signed-in user's from /v1/me (the service's text, so hostile until
// made one inert line). Pure: no `vscode`.
import { revealInvisible } from '../shared/invisibles';
import { oneLine } from '../shared/oneLine';

export const MAX_REVIEWER_CHARS = 64;

/** The first usable name of `candidates` as one line with invisible characters shown; undefined when none is usable. */
export function reviewerName(...candidates: ReadonlyArray<string | undefined>): string | undefined {
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    const name = oneLine(revealInvisible(candidate).text, MAX_REVIEWER_CHARS);
    if (name !== '') return name;
  }
  return undefined;
}
