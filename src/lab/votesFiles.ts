// The votes files beside a results file: read (every reviewer's and judge's, each line checked by
// the votes reader) and appended to (the reviewer's own file, through review/votesFileAppend.ts).
// A file that cannot be read is reported, never guessed at. The files come from a repository:
// each must be a regular file inside the results file's folder (a link to /dev/zero, a named pipe,
// a link out is refused unread), a file reached through several names is read once, and past the
// caps on files and bytes the rest are named in the problems, not read. Pure Node: no `vscode`.
import { readdir } from 'node:fs/promises';
import * as path from 'node:path';
import { formatKiB, openRegularFile, readCapped } from '../shared/boundedFile';
import type { FileLock } from '../shared/fileLock';
import { MAX_VOTES_BYTES, MAX_VOTES_FILES } from '../shared/limits';
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

export interface VotesReadLimits {
  /** Votes files looked at (default MAX_VOTES_FILES). */
  readonly files?: number;
  /** Bytes of all of them together (default MAX_VOTES_BYTES). */
  readonly bytes?: number;
}

/** How a list of names is shown in a problem: the first few, then how many more. */
function someNames(names: readonly string[]): string {
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

/** Every votes file of `resultsPath` (those beside it named after it), in name order, within `limits`. */
export async function readVotesFiles(resultsPath: string, limits: VotesReadLimits = {}): Promise<ReadVotes> {
  const maxFiles = limits.files ?? MAX_VOTES_FILES;
  const maxBytes = limits.bytes ?? MAX_VOTES_BYTES;
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
  if (names.length > maxFiles) {
    const left = names.slice(maxFiles);
    problems.push(`${left.length} more votes files are not read (${someNames(left)}): at most ${maxFiles} are read for one results file. Move the votes files no longer needed out of this folder.`);
    names = names.slice(0, maxFiles);
  }
  /** The name each file (by device and inode) was first read under, and the other names that lead to it: those are not read again. */
  const readAs = new Map<string, { readonly name: string; readonly links: string[] }>();
  let bytesRead = 0;
  for (const name of names) {
    // Only a file of the results file's own folder: votes files are written there and nowhere else.
    const opened = await openRegularFile(path.join(folder, name), { inside: folder, insideName: 'the results file’s folder' });
    if (!opened.ok) {
      // One that was there at the listing and is gone now (moved away meanwhile) has no votes to miss.
      if (opened.kind !== 'missing') problems.push(`${name} is not read: ${opened.reason}.`);
      continue;
    }
    try {
      const first = readAs.get(opened.identity);
      if (first !== undefined) {
        first.links.push(name);
        continue;
      }
      readAs.set(opened.identity, { name, links: [] });
      const room = maxBytes - bytesRead;
      const tooLarge = `${name} is larger than a votes file can be (${VOTES_LIMITS.fileChars / (1024 * 1024)} MiB); it is not read.`;
      const noRoom = `${name} is not read: the votes files of one results file are read up to ${formatKiB(maxBytes)} together, and the ones before it took ${formatKiB(bytesRead)}. Move the votes files no longer needed out of this folder.`;
      if (opened.size > VOTES_LIMITS.fileChars || opened.size > room) {
        problems.push(opened.size > VOTES_LIMITS.fileChars ? tooLarge : noRoom);
        continue;
      }
      // Its size is a hint: what is read stops at the cap whatever it said.
      const bytes = await readCapped(opened, Math.min(VOTES_LIMITS.fileChars, room));
      if (!(bytes instanceof Uint8Array)) {
        problems.push(bytes.kind !== 'tooLarge' ? `${name} cannot be read: ${bytes.reason}.` : room < VOTES_LIMITS.fileChars ? noRoom : tooLarge);
        continue;
      }
      bytesRead += bytes.byteLength;
      const parsed = parseVotesFile(new TextDecoder().decode(bytes));
      if (parsed.file !== undefined) files.push(parsed.file);
      if (parsed.truncatedLastLine) problems.push(`${name}: its last line was cut short (VS Code stopped while writing it?) and is left out.`);
      for (const problem of parsed.problems.slice(0, 3)) problems.push(`${name}, line ${problem.line}: ${problem.message}`);
      if (parsed.problemCount > 3) problems.push(`${name}: ${parsed.problemCount - 3} more lines that could not be read.`);
    } finally {
      await opened.handle.close().catch(() => undefined);
    }
  }
  for (const { name, links } of readAs.values()) {
    if (links.length > 0) problems.push(`${name} is also reached through ${links.length === 1 ? 'a link' : `${links.length} links`} (${someNames(links)}): its votes are counted once.`);
  }
  return { files, problems };
}

/** The votes file of `reviewer` beside the results file. */
export function votesFileOf(resultsPath: string, reviewer: string, source: VoteSource): string {
  return path.join(path.dirname(resultsPath), votesFileName(path.basename(resultsPath), reviewer, source));
}

/**
 * Appends `entries` to the votes file of `reviewer` (see review/votesFileAppend.ts): its path, and
 * where a file cut short by a crash went. Under `lock` when the caller holds the file's already.
 */
export async function appendVotes(
  resultsPath: string,
  reviewer: string,
  source: VoteSource,
  entries: readonly VotesEntry[],
  options: { readonly instruction?: string; readonly lock?: FileLock } = {},
): Promise<{ readonly file: string } & VotesAppended> {
  const file = votesFileOf(resultsPath, reviewer, source);
  const { instruction, lock } = options;
  const header = { results: path.basename(resultsPath), reviewer, source, createdAt: new Date().toISOString(), ...(instruction === undefined ? {} : { instruction }) };
  return { file, ...(await appendToVotesFile({ file, header, entries, ...(lock === undefined ? {} : { lock }) })) };
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
