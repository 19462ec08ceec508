// Where a reviewer's votes go: beside the results, one file per reviewer, so that reviewers never
// write the same file. `people.welcome-email.gistrun.jsonl` reviewed by Ada Lovelace votes into
// `people.welcome-email.gistrun.ada-lovelace-<hash>.votes.jsonl`; a model judge into
// `….judge-<model>-<hash>.votes.jsonl`. The readable part alone would give one file to names
// that differ only in case, marks or punctuation ("Ada Lovelace", "ada.lovelace"), and to every
// name without Latin letters ("李明", "Иван"): the hash of the exact name keeps them apart. The
// name and the header must agree: a file is counted only for the reviewer it is named for
// (votesFileIdentity.ts). Pure: no `vscode`.
import { createHash } from 'node:crypto';
import type { VoteSource } from './votes';

const VOTES_SUFFIX = '.votes.jsonl';
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG = 48;

/** A file-name-safe form of a name: ASCII letters and digits, lower case, words joined by `-`. */
export function nameSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
  return slug.length > 0 ? slug : 'reviewer';
}

function resultsBase(resultsFileName: string): string {
  return resultsFileName.endsWith('.jsonl') ? resultsFileName.slice(0, -'.jsonl'.length) : resultsFileName;
}

/** The votes file of `reviewer` (a person's name, or a judge's model name) for a results file (its name, not a path). */
export function votesFileName(resultsFileName: string, reviewer: string, source: VoteSource): string {
  const hash = createHash('sha256').update(`${source}\n${reviewer}`).digest('hex').slice(0, 8);
  const slug = `${source === 'judge' ? 'judge-' : ''}${nameSlug(reviewer)}-${hash}`;
  return `${resultsBase(resultsFileName)}.${slug}${VOTES_SUFFIX}`;
}

/** Whether a file name (beside the results file) is one of its votes files. */
export function isVotesFileOf(resultsFileName: string, candidate: string): boolean {
  const prefix = `${resultsBase(resultsFileName)}.`;
  if (!candidate.startsWith(prefix) || !candidate.endsWith(VOTES_SUFFIX) || candidate.length <= prefix.length + VOTES_SUFFIX.length) {
    return false;
  }
  return SLUG.test(candidate.slice(prefix.length, -VOTES_SUFFIX.length));
}
