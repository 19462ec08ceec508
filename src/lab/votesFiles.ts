// The votes files beside a results file: read (every reviewer's and judge's, each line checked by
// the votes reader) and appended to (the reviewer's own file, through review/votesFileAppend.ts).
// The one reader of votes files: the verdicts, the review and the judge all read through it. A
// file that cannot be read is reported, never guessed at; a file whose name is not its header's
// reviewer's votes file is refused with the reason (review/votesFileIdentity.ts), so no file speaks
// for another reviewer. The files come from a repository:
// each must be a regular file inside the results file's folder (a link to /dev/zero, a named pipe,
// a link out is refused unread), a file reached through several names is read once, and past the
// caps on files and bytes the rest are named in the problems, not read. Pure Node: no `vscode`.
import { readdir } from 'node:fs/promises';
import * as path from 'node:path';
import { formatKiB, openRegularFile, readCapped, type OpenedFile } from '../shared/boundedFile';
import type { FileLock } from '../shared/fileLock';
import { MAX_VOTES_BYTES, MAX_VOTES_FILES } from '../shared/limits';
import type { VoteSource, VotesEntry } from '../review/votes';
import { VOTES_LIMITS } from '../review/votes';
import { isVotesFileOf, votesFileName } from '../review/votesFileName';
import { votesFileIdentityProblem } from '../review/votesFileIdentity';
import { parseVotesFile, type ParsedVotesFile, type VotesFile } from '../review/votesReader';
import { appendToVotesFile, type VotesAppended } from '../review/votesFileAppend';

/** A votes file whose votes count: whose they are, from which file (its name), and how many lines of it were read. */
export interface CountedVotesFile {
  readonly file: string;
  readonly reviewer: string;
  readonly source: VoteSource;
  readonly lines: number;
}

export interface ReadVotes {
  readonly files: readonly VotesFile[];
  /** Whose votes were counted from which file, in the order of `files`. */
  readonly counted: readonly CountedVotesFile[];
  /** One line per file or line that could not be used. */
  readonly problems: readonly string[];
}

/** One votes file, read and checked: its lines (review/votesReader.ts) and its identity (review/votesFileIdentity.ts). */
export type VotesFileRead =
  /** `file` is there when its votes count; `refused` says why a file with a valid header does not. */
  | { readonly ok: true; readonly file?: VotesFile; readonly refused?: string; readonly parsed: ParsedVotesFile; readonly blank: boolean; readonly bytes: number }
  | { readonly ok: false; readonly kind: 'missing' | 'tooLarge' | 'unreadable'; readonly reason: string };

/** Reads the opened votes file `name` of `resultsName`, up to `cap` bytes. */
async function readOpenedVotesFile(opened: OpenedFile, name: string, resultsName: string, cap: number): Promise<VotesFileRead> {
  const bytes = await readCapped(opened, cap);
  if (!(bytes instanceof Uint8Array)) return { ok: false, kind: bytes.kind === 'tooLarge' ? 'tooLarge' : 'unreadable', reason: bytes.reason };
  const text = new TextDecoder().decode(bytes);
  const parsed = parseVotesFile(text);
  const blank = text.trim().length === 0;
  if (parsed.file === undefined) return { ok: true, parsed, blank, bytes: bytes.byteLength };
  const refused = votesFileIdentityProblem(name, resultsName, parsed.file.header);
  return { ok: true, ...(refused === undefined ? { file: parsed.file } : { refused }), parsed, blank, bytes: bytes.byteLength };
}

/** The votes file of `reviewer` beside the results file, read through the one reader (the judge's own file, say). */
export async function readVotesFileOf(resultsPath: string, reviewer: string, source: VoteSource): Promise<VotesFileRead> {
  const folder = path.dirname(resultsPath);
  const name = votesFileName(path.basename(resultsPath), reviewer, source);
  // A file from a repository may be anything: a regular file of the results' folder is read, up
  // to what a votes file holds; a link out, a device or a pipe is refused unread (shared/boundedFile.ts).
  const opened = await openRegularFile(path.join(folder, name), { inside: folder, insideName: 'the results file’s folder' });
  if (!opened.ok) return { ok: false, kind: opened.kind === 'missing' ? 'missing' : opened.kind === 'tooLarge' ? 'tooLarge' : 'unreadable', reason: opened.reason };
  try {
    if (opened.size > VOTES_LIMITS.fileChars) return { ok: false, kind: 'tooLarge', reason: `it is ${formatKiB(opened.size)}, over the limit of ${formatKiB(VOTES_LIMITS.fileChars)}` };
    return await readOpenedVotesFile(opened, name, path.basename(resultsPath), VOTES_LIMITS.fileChars);
  } finally {
    await opened.handle.close().catch(() => undefined);
  }
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
    return { files: [], counted: [], problems: [] };
  }
  const files: VotesFile[] = [];
  const counted: CountedVotesFile[] = [];
  const problems: string[] = [];
  if (names.length > maxFiles) {
    const left = names.slice(maxFiles);
    problems.push(`${left.length} more votes files are not read (${someNames(left)}): at most ${maxFiles} are read for one results file. Move the votes files no longer needed out of this folder.`);
    names = names.slice(0, maxFiles);
  }
  /**
   * Each file (by device and inode) reached so far: the name it was taken under (its votes counted,
   * or its problems said), the other names that lead to it (not read again), and, while no name of
   * it is its header's reviewer's, the file as read. A link named for another reviewer never takes a file's votes.
   */
  interface Reached {
    takenAs?: string;
    readonly names: string[];
    held?: { readonly file: VotesFile; readonly parsed: ParsedVotesFile };
  }
  const readAs = new Map<string, Reached>();
  const count = (reached: Reached, name: string, file: VotesFile, parsed: ParsedVotesFile): void => {
    reached.takenAs = name;
    reached.held = undefined;
    files.push(file);
    counted.push({ file: name, reviewer: file.header.reviewer, source: file.header.source, lines: file.entries.length });
    if (parsed.truncatedLastLine) problems.push(`${name}: its last line was cut short (VS Code stopped while writing it?) and is left out.`);
    for (const problem of parsed.problems.slice(0, 3)) problems.push(`${name}, line ${problem.line}: ${problem.message}`);
    if (parsed.problemCount > 3) problems.push(`${name}: ${parsed.problemCount - 3} more lines that could not be read.`);
  };
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
        // Read once, whatever the number of names: this name counts it only if it is its header's reviewer's.
        if (first.held !== undefined && votesFileIdentityProblem(name, resultsName, first.held.file.header) === undefined) count(first, name, first.held.file, first.held.parsed);
        else first.names.push(name);
        continue;
      }
      const reached: Reached = { names: [] };
      readAs.set(opened.identity, reached);
      const room = maxBytes - bytesRead;
      const tooLarge = `${name} is larger than a votes file can be (${VOTES_LIMITS.fileChars / (1024 * 1024)} MiB); it is not read.`;
      const noRoom = `${name} is not read: the votes files of one results file are read up to ${formatKiB(maxBytes)} together, and the ones before it took ${formatKiB(bytesRead)}. Move the votes files no longer needed out of this folder.`;
      if (opened.size > VOTES_LIMITS.fileChars || opened.size > room) {
        problems.push(opened.size > VOTES_LIMITS.fileChars ? tooLarge : noRoom);
        reached.takenAs = name;
        continue;
      }
      // Its size is a hint: what is read stops at the cap whatever it said.
      const read = await readOpenedVotesFile(opened, name, resultsName, Math.min(VOTES_LIMITS.fileChars, room));
      if (!read.ok) {
        problems.push(read.kind !== 'tooLarge' ? `${name} cannot be read: ${read.reason}.` : room < VOTES_LIMITS.fileChars ? noRoom : tooLarge);
        reached.takenAs = name;
        continue;
      }
      bytesRead += read.bytes;
      const { parsed } = read;
      if (read.file !== undefined) {
        count(reached, name, read.file, parsed);
      } else if (read.refused !== undefined && parsed.file !== undefined) {
        // Held: another name of the same file may be its reviewer's; if none is, each name is refused below.
        reached.names.push(name);
        reached.held = { file: parsed.file, parsed };
      } else {
        reached.takenAs = name;
        if (parsed.truncatedLastLine) problems.push(`${name}: its last line was cut short (VS Code stopped while writing it?) and is left out.`);
        for (const problem of parsed.problems.slice(0, 3)) problems.push(`${name}, line ${problem.line}: ${problem.message}`);
        if (parsed.problemCount > 3) problems.push(`${name}: ${parsed.problemCount - 3} more lines that could not be read.`);
      }
    } finally {
      await opened.handle.close().catch(() => undefined);
    }
  }
  for (const { takenAs: name, names: links, held } of readAs.values()) {
    if (held !== undefined) {
      for (const refused of links) problems.push(`${refused} is not counted: ${votesFileIdentityProblem(refused, resultsName, held.file.header) ?? ''}`);
    } else if (name !== undefined && links.length > 0) {
      problems.push(`${name} is also reached through ${links.length === 1 ? 'a link' : `${links.length} links`} (${someNames(links)}): its votes are counted once.`);
    }
  }
  return { files, counted, problems };
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
