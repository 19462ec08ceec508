// The votes files beside a results file: read (every reviewer's and judge's, each line checked by
// the votes reader) and appended to (the reviewer's own file, through review/votesFileAppend.ts).
// A file that cannot be read is reported, never guessed at. Pure Node: no `vscode`.
import { readdir, readFile, stat } from 'node:fs/promises';
import * as path from 'node:path';
import type { VoteSource, VotesEntry } from '../review/votes';
import { VOTES_LIMITS } from '../review/votes';
import { isVotesFileOf, votesFileName } from '../review/votesFileName';
import { parseVotesFile, type VotesFile } from '../review/votesReader';
import { appendToVotesFile, type VotesAppended } from '../review/votesFileAppend';

export interface ReadVotes {
  readonly files: readonly VotesFile[];
  /** One line per file or line that could not be used. */
  readonly problems: readonly string[];
}

/** Every votes file of `resultsPath` (those beside it named after it). */
export async function readVotesFiles(resultsPath: string): Promise<ReadVotes> {
  const folder = path.dirname(resultsPath);
  const resultsName = path.basename(resultsPath);
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => isVotesFileOf(resultsName, name)).sort();
  } catch {
    return { files: [], problems: [] };
  }
  const files: VotesFile[] = [];
  const problems: string[] = [];
  for (const name of names) {
    const file = path.join(folder, name);
    try {
      if ((await stat(file)).size > VOTES_LIMITS.fileChars * 4) {
        problems.push(`${name} is larger than a votes file can be; it is not read.`);
        continue;
      }
      const parsed = parseVotesFile(await readFile(file, 'utf8'));
      if (parsed.file !== undefined) files.push(parsed.file);
      if (parsed.truncatedLastLine) problems.push(`${name}: its last line was cut short (VS Code stopped while writing it?) and is left out.`);
      for (const problem of parsed.problems.slice(0, 3)) problems.push(`${name}, line ${problem.line}: ${problem.message}`);
      if (parsed.problemCount > 3) problems.push(`${name}: ${parsed.problemCount - 3} more lines that could not be read.`);
    } catch (error) {
      problems.push(`${name} cannot be read: ${error instanceof Error ? error.message : String(error)}.`);
    }
  }
  return { files, problems };
}

/** Appends `entries` to the votes file of `reviewer` (see review/votesFileAppend.ts): its path, and where a file cut short by a crash went. */
export async function appendVotes(resultsPath: string, reviewer: string, source: VoteSource, entries: readonly VotesEntry[], instruction?: string): Promise<{ readonly file: string } & VotesAppended> {
  const file = path.join(path.dirname(resultsPath), votesFileName(path.basename(resultsPath), reviewer, source));
  const header = { results: path.basename(resultsPath), reviewer, source, createdAt: new Date().toISOString(), ...(instruction === undefined ? {} : { instruction }) };
  return { file, ...(await appendToVotesFile({ file, header, entries })) };
}

/** The id of a reviewer's last vote or skip not taken back yet (what Undo takes back), if any. */
export function lastUndoable(entries: readonly VotesEntry[]): string | undefined {
  const undone = new Set(entries.flatMap((entry) => (entry.kind === 'undo' ? [entry.undoes] : [])));
  for (let at = entries.length - 1; at >= 0; at--) {
    const entry = entries[at];
    if (entry !== undefined && entry.kind !== 'undo' && !undone.has(entry.id)) return entry.id;
  }
  return undefined;
}
