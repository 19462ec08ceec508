// Reads a votes file from outside (a repository, another reviewer, a crash): every line is hostile
// until checked. A file larger than the cap is not read; a line over its size cap, not JSON, or with
// a bad field is skipped and reported with its number; an id seen before is dropped (a merge that
// kept both sides); a last line without its newline that does not parse is what a crash mid-write
// leaves, and is ignored without a problem. Without a valid header nothing is read.
// Pure: no `vscode`.
import { NESTED_TOO_DEEP, nestedDeeperThan } from '../shared/jsonDepth';
import { utf8Bytes } from './textBytes';
import { checkEntry, checkHeader } from './votesLine';
import { VOTES_LIMITS, type VotesEntry, type VotesHeader } from './votes';

export interface VotesProblem {
  /** 1-based line number. */
  readonly line: number;
  readonly message: string;
}

export interface VotesFile {
  readonly header: VotesHeader;
  /** The valid lines after the header, in file order. */
  readonly entries: readonly VotesEntry[];
}

export interface ParsedVotesFile {
  /** Undefined when the file has no valid header: then it holds no votes. */
  readonly file?: VotesFile;
  /** The first problems (see VOTES_LIMITS.problemsListed); `problemCount` counts them all. */
  readonly problems: readonly VotesProblem[];
  readonly problemCount: number;
  /** The last line was cut short (a crash while writing) and was ignored. */
  readonly truncatedLastLine: boolean;
}

export function parseVotesFile(text: string): ParsedVotesFile {
  const problems: VotesProblem[] = [];
  let problemCount = 0;
  const report = (line: number, message: string): void => {
    problemCount += 1;
    if (problems.length < VOTES_LIMITS.problemsListed) {
      problems.push({ line, message });
    }
  };
  if (text.length > VOTES_LIMITS.fileChars) {
    report(1, `the file is larger than ${VOTES_LIMITS.fileChars / (1024 * 1024)} MiB and was not read`);
    return { problems, problemCount, truncatedLastLine: false };
  }
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  // A file ends with a newline; what follows the last one is either nothing or a line cut short.
  const unterminated = lines.pop() ?? '';
  let truncatedLastLine = false;
  if (unterminated.trim().length > 0) {
    try {
      JSON.parse(unterminated);
      lines.push(unterminated);
    } catch {
      truncatedLastLine = true;
    }
  }
  let header: VotesHeader | undefined;
  const entries: VotesEntry[] = [];
  const seen = new Set<string>();
  for (const [index, raw] of lines.entries()) {
    const number = index + 1;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim().length === 0) {
      continue;
    }
    const cap = header === undefined ? VOTES_LIMITS.headerBytes : VOTES_LIMITS.lineBytes;
    if (line.length > cap || utf8Bytes(line) > cap) {
      report(number, `the line is longer than ${cap} bytes`);
      if (header === undefined) {
        break;
      }
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      report(number, 'the line is not JSON');
      if (header === undefined) {
        break;
      }
      continue;
    }
    // Before any check, some of which quote a member with JSON.stringify (which recurses once per level).
    if (nestedDeeperThan(value)) {
      report(number, `the line ${NESTED_TOO_DEEP}`);
      if (header === undefined) {
        break;
      }
      continue;
    }
    if (header === undefined) {
      const checked = checkHeader(value);
      if (!checked.ok) {
        report(number, checked.problem);
        break;
      }
      header = checked.value;
      continue;
    }
    if (entries.length >= VOTES_LIMITS.entries) {
      report(number, `more than ${VOTES_LIMITS.entries} lines: the rest were not read`);
      break;
    }
    const checked = checkEntry(value);
    if (!checked.ok) {
      report(number, checked.problem);
      continue;
    }
    if (checked.value.reviewer !== header.reviewer || checked.value.source !== header.source) {
      report(number, `the line is by ${checked.value.source} "${checked.value.reviewer.slice(0, 64)}", not by the file's ${header.source} "${header.reviewer.slice(0, 64)}"`);
      continue;
    }
    if (seen.has(checked.value.id)) {
      continue;
    }
    seen.add(checked.value.id);
    entries.push(checked.value);
  }
  if (header === undefined && problemCount === 0) {
    report(1, 'the file has no header line');
  }
  return { ...(header === undefined ? {} : { file: { header, entries } }), problems, problemCount, truncatedLastLine };
}
