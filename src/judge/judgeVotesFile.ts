// The judge's own votes file beside the results: `<results name>.judge-<model>.votes.jsonl`, source
// `judge`, reviewer the model's name, the instruction in its header; never a person's file. Read as
// hostile like every votes file, through their one reader (lab/votesFiles.ts). Nothing is written until the first
// judgement is in: the header then, with it, so a run the user cancelled before any answer leaves
// no file. One line per judgement, appended as it comes (review/votesFileAppend.ts, under the lock
// the run holds), so a crash loses at most the one in flight. Pure Node: no `vscode`.
import * as path from 'node:path';
import { reviewerActions, type ReviewerActions } from '../review/reviewerActions';
import { VOTES_LIMITS, type VotesEntry, type VotesHeader } from '../review/votes';
import { votesFileName } from '../review/votesFileName';
import type { VotesProblem } from '../review/votesReader';
import { readVotesFileOf } from '../lab/votesFiles';
import type { FileLock } from '../shared/fileLock';
import { appendToVotesFile } from '../review/votesFileAppend';

export type OpenedVotes =
  | { readonly ok: true; readonly file: JudgeVotesFile }
  /** The file is there but cannot take this judge's votes: why, in a sentence. */
  | { readonly ok: false; readonly problem: string };

export class JudgeVotesFile {
  private constructor(
    readonly path: string,
    private readonly resultsName: string,
    private readonly model: string,
    /** The header of the file when it was there before this run. */
    readonly existing: VotesHeader | undefined,
    /** The judge's lines so far, as they count. */
    readonly actions: ReviewerActions,
    /** Lines of a file that was there that were skipped, and why (the first few). */
    readonly problems: readonly VotesProblem[],
  ) {}

  /** True when the judge judged this run before: it resumes, with the file's instruction. */
  get resumed(): boolean {
    return this.existing !== undefined;
  }

  /** Where the judge `model` votes on `resultsPath`. */
  static pathFor(resultsPath: string, model: string): string {
    return path.join(path.dirname(resultsPath), votesFileName(path.basename(resultsPath), model, 'judge'));
  }

  /** The judge `model`'s votes file on `resultsPath`: read when it is there, else a new one. */
  static async open(resultsPath: string, model: string): Promise<OpenedVotes> {
    const file = JudgeVotesFile.pathFor(resultsPath, model);
    const name = path.basename(file);
    const resultsName = path.basename(resultsPath);
    // Through the one reader of votes files (lab/votesFiles.ts): the same caps, and the same identity rule.
    const read = await readVotesFileOf(resultsPath, model, 'judge');
    if (!read.ok) {
      if (read.kind === 'missing') return { ok: true, file: new JudgeVotesFile(file, resultsName, model, undefined, reviewerActions(model, 'judge', []), []) };
      if (read.kind === 'tooLarge') return { ok: false, problem: `${name} is larger than ${VOTES_LIMITS.fileChars / (1024 * 1024)} MiB, more than a votes file holds. Move it away to judge again.` };
      return { ok: false, problem: `${name} cannot be read: ${read.reason}. Move it away to judge again.` };
    }
    if (read.blank) {
      return { ok: true, file: new JudgeVotesFile(file, resultsName, model, undefined, reviewerActions(model, 'judge', []), []) };
    }
    const { parsed } = read;
    if (parsed.file === undefined) {
      return { ok: false, problem: `${name} is not a votes file this version reads (line ${parsed.problems[0]?.line ?? 1}: ${parsed.problems[0]?.message ?? 'no header'}). Move it away to judge again.` };
    }
    const { header, entries } = parsed.file;
    if (read.file === undefined || header.source !== 'judge' || header.reviewer !== model) {
      return { ok: false, problem: `${name} holds the votes of ${header.source === 'judge' ? 'the judge' : 'the person'} "${header.reviewer.slice(0, 100)}", not of "${model.slice(0, 100)}". Move it away to judge with this model.` };
    }
    const actions = reviewerActions(model, 'judge', entries, header.instruction);
    return { ok: true, file: new JudgeVotesFile(file, resultsName, model, header, actions, parsed.problems) };
  }

  /**
   * Appends the judge's lines. A new file gets its header, with `instruction`, together with the
   * first line; a resumed file keeps its own header (and so its instruction).
   */
  writer(instruction: string, lock: FileLock, now: Date = new Date()): (entry: VotesEntry) => Promise<void> {
    const header = this.existing ?? { results: this.resultsName, reviewer: this.model, source: 'judge' as const, createdAt: now.toISOString(), instruction };
    return async (entry) => {
      await appendToVotesFile({ file: this.path, header, entries: [entry], lock });
    };
  }
}
