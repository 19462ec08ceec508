// Appending to a votes file: the one way people's review and the model judge write their lines.
// - Under the file's lock (shared/fileLock.ts): two windows never write one votes file at once,
//   so a file never gets two headers, and a judge's file never mixes two instructions.
// - A new file is made whole: its header and first lines go into a file of their own, synced, then
//   renamed into place, so no crash leaves a votes file without its header (a reader stops at a
//   file whose first line is not a header, and every vote after it would be lost).
// - A file whose first line a crash cut short (no line break in a header's length) holds no vote:
//   it is renamed aside, said, and a new file is started.
// - A file of another reviewer, or made under another instruction, or that is not a votes file at
//   all is refused, never written into.
// Pure Node: no `vscode`.
import { appendFile, rename } from 'node:fs/promises';
import * as path from 'node:path';
import { openRegularFile } from '../shared/boundedFile';
import { FileLock, isFileLockError } from '../shared/fileLock';
import { writeWholeFile } from '../shared/wholeFile';
import { VOTES_LIMITS, type VotesEntry, type VotesHeader } from './votes';
import { parseVotesFile } from './votesReader';
import { formatVotesEntry, formatVotesHeader } from './votesWriter';

export class VotesFileError extends Error {
  override readonly name = 'VotesFileError';

  constructor(
    /** `busy`: another window writes it; `foreign`: it is not this reviewer's (or not a votes file); `unwritable`: the file system refused. */
    readonly kind: 'busy' | 'foreign' | 'unwritable',
    /** One sentence for users: what happened and what to do. */
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

export function isVotesFileError(value: unknown): value is VotesFileError {
  return value instanceof VotesFileError;
}

export interface VotesAppend {
  readonly file: string;
  /** The header the file has, or gets when it is new: whose votes these are (and the judge's instruction). */
  readonly header: VotesHeader;
  readonly entries: readonly VotesEntry[];
  /** A lock of the file the caller holds for longer (the judge, for its whole run); else one is taken for this append. */
  readonly lock?: FileLock;
}

export interface VotesAppended {
  /** Where a file cut short before its first line was whole went (its name beside it), when that happened. */
  readonly movedAside?: string;
}

/** Another window's append holds the lock for a moment: waited for, this long at most. */
const BUSY_WAIT_MS = 2000;
const BUSY_RETRY_MS = 50;

/** Takes the lock of a votes file, waiting a moment for another window's append. */
export async function lockVotesFile(file: string, waitMs = BUSY_WAIT_MS): Promise<FileLock> {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      return await FileLock.acquire(file, { tool: 'gist-generate', what: 'votes file' });
    } catch (error) {
      if (!isFileLockError(error)) throw error;
      if (error.kind !== 'busy' || Date.now() >= until) throw new VotesFileError(error.kind === 'busy' ? 'busy' : 'unwritable', error.message, error);
      await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
    }
  }
}

interface Head {
  /** The first line, when the file has a whole one within a header's length. */
  readonly firstLine: string | undefined;
  readonly size: number;
  readonly endsWithNewline: boolean;
}

/**
 * The start and end of the file there, undefined when there is none. One from a repository that is
 * not a regular file of its folder (a named pipe, whose open would wait forever; a link out, which
 * an append would write through) is refused: nothing is read from or written to it.
 */
async function readHead(file: string): Promise<Head | undefined> {
  const opened = await openRegularFile(file, { inside: path.dirname(file), insideName: 'the results file’s folder' });
  if (!opened.ok) {
    if (opened.kind === 'missing') return undefined;
    throw new VotesFileError('foreign', `${path.basename(file)} is not written to: ${opened.reason}.`);
  }
  const { handle, size } = opened;
  try {
    const head = Buffer.alloc(Math.min(size, VOTES_LIMITS.headerBytes + 1));
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const lineEnd = head.subarray(0, bytesRead).indexOf(0x0a);
    const last = Buffer.alloc(1);
    if (size > 0) await handle.read(last, 0, 1, size - 1);
    return { firstLine: lineEnd === -1 ? undefined : head.subarray(0, lineEnd).toString('utf8'), size, endsWithNewline: size === 0 || last[0] === 0x0a };
  } finally {
    await handle.close();
  }
}

/** The header and lines as a new file, written beside it and renamed into place once synced. */
function createWhole(file: string, text: string): Promise<void> {
  return writeWholeFile(file, (append) => append(text));
}

function describe(header: VotesHeader): string {
  return `${header.source === 'judge' ? 'the judge' : 'the person'} "${header.reviewer.slice(0, 100)}"`;
}

/** Why the file's header is not the one these lines belong under; undefined when it is. */
function notTheirs(name: string, found: VotesHeader | undefined, expected: VotesHeader): string | undefined {
  if (found === undefined) return `${name} is not a votes file this version reads (its first line is not a votes header). Move it away, then try again.`;
  if (found.source !== expected.source || found.reviewer !== expected.reviewer) {
    return `${name} holds the votes of ${describe(found)}, not of ${describe(expected)}. Move it away, then try again.`;
  }
  if ((found.instruction ?? '') !== (expected.instruction ?? '')) {
    return `${name} was started meanwhile with another instruction for the judge (in another window?). Judge again: it goes on with that file's instruction.`;
  }
  return undefined;
}

/** Appends `entries` to the votes file, as the file's header says they may be (see the top of this file). */
export async function appendToVotesFile(append: VotesAppend): Promise<VotesAppended> {
  const lock = append.lock ?? (await lockVotesFile(append.file));
  const lines = append.entries.map(formatVotesEntry).join('');
  const name = path.basename(append.file);
  try {
    const head = await readHead(append.file);
    if (head === undefined) {
      await createWhole(append.file, formatVotesHeader(append.header) + lines);
      return {};
    }
    if (head.firstLine === undefined && head.size <= VOTES_LIMITS.headerBytes) {
      // A header cut short (or an empty file): no vote is in it. Kept aside, under a name no reader takes for a votes file.
      const aside = `${name}.cut-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(append.file, path.join(path.dirname(append.file), aside));
      await createWhole(append.file, formatVotesHeader(append.header) + lines);
      return { movedAside: aside };
    }
    const found = head.firstLine === undefined ? undefined : parseVotesFile(`${head.firstLine}\n`).file?.header;
    const problem = notTheirs(name, found, append.header);
    if (problem !== undefined) throw new VotesFileError('foreign', problem);
    // One write per action: a crash loses at most that line, which the reader then ignores; a line a crash cut is ended first.
    await appendFile(append.file, `${head.endsWithNewline ? '' : '\n'}${lines}`, 'utf8');
    return {};
  } catch (error) {
    if (isVotesFileError(error)) throw error;
    throw new VotesFileError('unwritable', `${name} cannot be written: ${String((error as { message?: unknown }).message ?? error)}`, error);
  } finally {
    if (append.lock === undefined) await lock.release();
  }
}
