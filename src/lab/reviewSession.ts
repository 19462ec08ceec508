// One person's blind review of a results file, as Chatbot Arena runs it: pairs of cells of the
// same row and sample from two variants, in the reviewer's own random order, sides drawn at random,
// names hidden until the vote. Votes go to the reviewer's own votes file, a line each, never
// changed; a reload or another day resumes at the next pair not voted on. Pure Node: no `vscode`.
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import { scheduleReview, reviewSeed, type ReviewPair } from '../review/pairScheduler';
import { reviewProgress, type ReviewProgress } from '../review/reviewProgress';
import { reviewerActions } from '../review/reviewerActions';
import type { Verdict, VotesEntry } from '../review/votes';
import { lockVotesFile } from '../review/votesFileAppend';
import { skipEntry, undoEntry, voteEntry } from '../review/votesWriter';
import type { FileLock } from '../shared/fileLock';
import { revealInvisible } from '../shared/invisibles';
import type { ResultsIndex } from './resultsIndex';
import { ResultLines, valuesLine } from './resultsRows';
import type { ReviewView } from './resultsViewProtocol';
import { verdictCells, verdictVariants } from './verdictCells';
import { appendVotes, lastUndoable, readVotesFiles, votesFileOf } from './votesFiles';

/** Characters of each text a pair shows; the rest is said to be there (Enter on the table opens it whole). */
const MAX_SHOWN_CHARS = 50_000;

export class ReviewSession {
  private schedule: ReviewPair[] = [];
  private entries: VotesEntry[] = [];
  private movedAside: { readonly file: string; readonly aside: string } | undefined;
  /** The reviewer's votes file as this session last read or wrote it (size and time): another window's line changes it. */
  private ownFileStamp = '';
  /** The pairs shown, by the token the view was given (a pair's key names its variants; the view must not know them). */
  private readonly shown = new Map<string, string>();
  /** The reviewer asked for their skipped pairs again: they come after the rest. */
  includeSkipped = false;

  private constructor(
    private readonly index: ResultsIndex,
    private readonly resultsPath: string,
    readonly reviewer: string,
  ) {}

  /** The reviewer's schedule over the file as it is now, and where their votes file left off. */
  static async start(index: ResultsIndex, resultsPath: string, reviewer: string): Promise<ReviewSession> {
    const session = new ReviewSession(index, resultsPath, reviewer);
    await session.refresh();
    return session;
  }

  /** Reads the results (a rerun may have changed cells) and the reviewer's own lines again. */
  async refresh(): Promise<void> {
    this.schedule = scheduleReview(verdictCells(this.index), { seed: reviewSeed(path.basename(this.resultsPath), this.reviewer), variants: verdictVariants(this.index) });
    await this.readOwnLines();
  }

  /** The reviewer's lines as their files hold them now (another window of theirs may have added some). */
  private async readOwnLines(): Promise<void> {
    // Taken before the read: a line added meanwhile changes the file again, and is read next time.
    this.ownFileStamp = await this.stampOfOwnFile();
    const { files } = await readVotesFiles(this.resultsPath);
    this.entries = files.filter((file) => file.header.source === 'person' && file.header.reviewer === this.reviewer).flatMap((file) => [...file.entries]);
  }

  progress(): ReviewProgress {
    return reviewProgress(this.schedule, reviewerActions(this.reviewer, 'person', this.entries), { includeSkipped: this.includeSkipped });
  }

  /** The next pair to vote on, as the view shows it (texts as inert text, names left out); undefined when every pair has a vote. */
  async view(): Promise<ReviewView> {
    const progress = this.progress();
    const counts = { total: progress.total, voted: progress.voted, skipped: progress.skipped, canUndo: lastUndoable(this.entries) !== undefined };
    const pair = progress.next;
    if (pair === undefined) {
      return { ...counts };
    }
    const variants = verdictVariants(this.index);
    const lines = await ResultLines.open(this.index);
    try {
      const text = async (variant: string): Promise<{ readonly text: string; readonly cut: boolean }> => {
        const line = await lines.cell(pair.row, variants.indexOf(variant), pair.sample);
        const content = line?.content ?? '';
        const cut = content.length > MAX_SHOWN_CHARS || line?.truncated === true;
        return { text: revealInvisible(content.slice(0, MAX_SHOWN_CHARS)).text, cut };
      };
      const [left, right] = [await text(pair.left.variant), await text(pair.right.variant)];
      const values = (await lines.cell(pair.row, variants.indexOf(pair.left.variant), pair.sample))?.values ?? {};
      const token = randomUUID();
      this.shown.set(token, pair.key);
      return { ...counts, pair: { key: token, row: pair.row, sample: pair.sample, values: revealInvisible(valuesLine(values)).text, left, right } };
    } finally {
      await lines.close();
    }
  }

  /** The pair shown under `token`, if it is still to be asked: a key pressed twice must not vote twice. */
  private queued(token: string): ReviewPair | undefined {
    const key = this.shown.get(token);
    return key === undefined ? undefined : this.progress().queue.find((queued) => queued.key === key);
  }

  /**
   * Records a vote on the pair shown as `token`; the two variants' names, for the view to reveal.
   * `judgedElsewhere` when the reviewer voted on or skipped it in another window meanwhile.
   */
  async vote(token: string, verdict: Verdict): Promise<{ readonly left: string; readonly right: string } | 'judgedElsewhere' | undefined> {
    const pair = await this.record(token, (queued) => voteEntry(queued, verdict, { reviewer: this.reviewer, source: 'person' }));
    return pair === undefined || pair === 'judgedElsewhere' ? pair : { left: pair.left.variant, right: pair.right.variant };
  }

  async skip(token: string): Promise<'judgedElsewhere' | undefined> {
    const pair = await this.record(token, (queued) => skipEntry(queued, { reviewer: this.reviewer, source: 'person' }));
    return pair === 'judgedElsewhere' ? pair : undefined;
  }

  /**
   * Appends the line `entryFor` makes for the pair shown as `token`, if it is still to be asked:
   * the pair; undefined for a key pressed twice here; `judgedElsewhere` when the reviewer's other
   * window voted on or skipped it meanwhile (seen once their file is read again under its lock).
   */
  private async record(token: string, entryFor: (pair: ReviewPair) => VotesEntry): Promise<ReviewPair | 'judgedElsewhere' | undefined> {
    if (this.queued(token) === undefined) return undefined;
    return this.withOwnFile(async (lock) => {
      const pair = this.queued(token);
      if (pair === undefined) return 'judgedElsewhere';
      await this.append(entryFor(pair), lock);
      return pair;
    });
  }

  /** Takes back the reviewer's last vote or skip, made in this window or another (its pair is asked again next); false when there is none. */
  async undo(): Promise<boolean> {
    return this.withOwnFile(async (lock) => {
      const last = lastUndoable(this.entries);
      if (last === undefined) return false;
      await this.append(undoEntry(last, { reviewer: this.reviewer, source: 'person' }), lock);
      return true;
    });
  }

  /**
   * Runs `act` holding the reviewer's votes file, with their lines read again under it: the same
   * reviewer in two windows (one pair shown in both) must not vote on a pair twice, and Undo must
   * take back their last line, whichever window wrote it.
   */
  private async withOwnFile<T>(act: (lock: FileLock) => Promise<T>): Promise<T> {
    const lock = await lockVotesFile(votesFileOf(this.resultsPath, this.reviewer, 'person'));
    try {
      // Read again only when another window wrote meanwhile: a long review reads its files once, not at every key.
      if ((await this.stampOfOwnFile()) !== this.ownFileStamp) await this.readOwnLines();
      const done = await act(lock);
      this.ownFileStamp = await this.stampOfOwnFile();
      return done;
    } finally {
      await lock.release();
    }
  }

  private async stampOfOwnFile(): Promise<string> {
    try {
      const { size, mtimeMs } = await stat(votesFileOf(this.resultsPath, this.reviewer, 'person'));
      return `${size}:${mtimeMs}`;
    } catch {
      return 'none';
    }
  }

  private async append(entry: VotesEntry, lock: FileLock): Promise<void> {
    const appended = await appendVotes(this.resultsPath, this.reviewer, 'person', [entry], { lock });
    this.entries.push(entry);
    if (appended.movedAside !== undefined) this.movedAside = { file: path.basename(appended.file), aside: appended.movedAside };
  }

  /** A votes file of this reviewer that a crash had cut short before its first line, renamed aside by the last vote: to be said once. */
  takeMovedAside(): { readonly file: string; readonly aside: string } | undefined {
    const moved = this.movedAside;
    this.movedAside = undefined;
    return moved;
  }
}
