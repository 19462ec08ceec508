// The verdict panel and the blind review of one results view: the figures worked out in a worker
// thread (which reads the votes files itself, the first time while the view reads the results)
// and sent to the webview whenever the results or any votes file beside them change, and the
// review session the reviewer's keys drive. Owned by the view (resultsPanel.ts).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { showWarning } from '../shared/notify';
import { userMessage } from '../shared/userMessage';
import type { Logger } from '../shared/logger';
import type { ResultsIndex } from './resultsIndex';
import type { HostMessage, VerdictsView, ViewMessage } from './resultsViewProtocol';
import { ReviewSession } from './reviewSession';
import { packVerdictCells } from './verdictCells';
import { VerdictsComputer } from './verdictsComputer';

export interface ResultsVerdictsDeps {
  /** The built verdicts worker (dist/verdictsWorker.js). */
  readonly workerFile: string;
  /** Whose votes the review writes: the signed-in user's name or the one set for reviews; undefined when the user gave none. */
  reviewerName(): Promise<string | undefined>;
  /** gist.review.stayBlind: the names stay hidden after each vote (the view can still change it for its session). */
  staysBlind(): boolean;
  readonly logger: Logger;
}

const REVIEW_MESSAGES: ReadonlySet<ViewMessage['type']> = new Set(['startReview', 'endReview', 'vote', 'skip', 'undo']);

/** While a computation runs, the next waits at least this long after it. */
const RECOMPUTE_EVERY_MS = 2_000;
/**
 * While a run appends, the figures wait for a pause in its writes this long, and never longer than
 * APPEND_MAX_WAIT_MS: a run on a two-core machine shares it with the service, and working out the
 * figures of a growing file every two seconds took CPU from the calls the user is waiting for.
 */
const APPEND_QUIET_MS = 1_500;
const APPEND_MAX_WAIT_MS = 10_000;

export class ResultsVerdicts implements vscode.Disposable {
  private readonly computer: VerdictsComputer;
  private readonly disposables: vscode.Disposable[] = [];
  private session: ReviewSession | undefined;
  private timer: NodeJS.Timeout | undefined;
  private appendTimer: NodeJS.Timeout | undefined;
  /** A votes file changed (or a vote was taken) since the worker last read them. */
  private votesStale = false;
  /** The figures last worked out: sent when the webview (re)loads and has the header. */
  private figures: VerdictsView | undefined;
  private opened = false;
  /** Figures were asked for before the webview had the header: worked out once it has. */
  private waitingForView = false;
  /** When the first append not yet counted in the figures came (Date.now()). */
  private appendedSince: number | undefined;
  private computing = false;
  private again = false;
  private handling: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly filePath: string,
    private readonly index: () => ResultsIndex | undefined,
    private readonly post: (message: HostMessage) => void,
    private readonly deps: ResultsVerdictsDeps,
  ) {
    this.computer = new VerdictsComputer(deps.workerFile);
    // Every view shows a verdict: the worker starts, and reads the votes, while the view reads the file.
    this.computer.warmUp();
    this.computer.readVotesAhead(filePath);
    const base = path.basename(filePath).replace(/\.jsonl$/, '');
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(path.dirname(filePath)), `${base}.*.votes.jsonl`));
    this.disposables.push(watcher, watcher.onDidChange(() => this.votesChanged()), watcher.onDidCreate(() => this.votesChanged()), watcher.onDidDelete(() => this.votesChanged()));
  }

  dispose(): void {
    clearTimeout(this.timer);
    clearTimeout(this.appendTimer);
    this.computer.dispose();
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
  }

  /** The webview has the header (again, when it loaded again): the figures worked out so far and the review go to it now, later ones as they come. */
  viewOpened(): void {
    this.opened = true;
    if (this.figures !== undefined) this.post({ type: 'verdicts', verdicts: this.figures });
    if (this.waitingForView) {
      this.waitingForView = false;
      this.recomputeSoon(0);
    }
    void this.sendReview();
  }

  /** The results were read anew (opened, or changed other than by appending): the figures follow at once. */
  resultsChanged(): void {
    this.recomputeSoon(0);
    void this.session?.refresh().then(() => this.sendReview());
  }

  /** A run appended results: the review's pairs follow at once, the figures when the writes pause. */
  resultsAppended(): void {
    void this.session?.refresh().then(() => this.sendReview());
    const now = Date.now();
    this.appendedSince ??= now;
    clearTimeout(this.appendTimer);
    this.appendTimer = setTimeout(
      () => {
        this.appendTimer = undefined;
        this.appendedSince = undefined;
        this.recomputeSoon(0);
      },
      Math.max(0, Math.min(APPEND_QUIET_MS, this.appendedSince + APPEND_MAX_WAIT_MS - now)),
    );
  }

  private votesChanged(): void {
    this.votesStale = true;
    this.recomputeSoon(300);
  }

  private recomputeSoon(delayMs: number): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.recompute();
    }, delayMs);
  }

  private async recompute(): Promise<void> {
    const index = this.index();
    if (index === undefined) return;
    if (!this.opened) {
      // Nothing shows them yet, and a big file's take seconds of a core the webview needs to load.
      this.waitingForView = true;
      return;
    }
    if (this.computing) {
      this.again = true;
      return;
    }
    this.computing = true;
    try {
      const rereadVotes = this.votesStale;
      this.votesStale = false;
      const view = await this.computer.computeCells(this.filePath, packVerdictCells(index), rereadVotes).catch((error: unknown) => {
        this.votesStale ||= rereadVotes;
        throw error;
      });
      this.figures = view;
      if (this.opened) this.post({ type: 'verdicts', verdicts: view });
    } catch (error) {
      this.deps.logger.error(`Verdicts of ${this.filePath}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    } finally {
      this.computing = false;
      if (this.again) {
        this.again = false;
        this.recomputeSoon(RECOMPUTE_EVERY_MS);
      }
    }
  }

  /** Handles the review's messages; false for any other. A votes file that cannot be written stops the review with the reason. */
  async onMessage(message: ViewMessage): Promise<boolean> {
    if (!REVIEW_MESSAGES.has(message.type)) return false;
    // One at a time, in the order the reviewer pressed the keys: each vote is appended before the next is looked at.
    const handled = this.handling.then(() => this.handleReporting(message));
    this.handling = handled.catch(() => undefined);
    return handled;
  }

  private async handleReporting(message: ViewMessage): Promise<boolean> {
    try {
      const handled = await this.handle(message);
      const moved = this.session?.takeMovedAside();
      if (moved !== undefined) {
        void showWarning(userMessage(vscode.l10n.t('{0} had been cut short by a crash before its first line was whole, so no vote in it could be read. It was renamed {1}, and your votes go on in a new {0}.'), moved.file, moved.aside));
      }
      return handled;
    } catch (error) {
      this.deps.logger.error(`Review of ${this.filePath}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      this.post({ type: 'reviewFailed', message: vscode.l10n.t('The vote could not be saved: {0}', error instanceof Error ? error.message : String(error)) });
      return true;
    }
  }

  private async handle(message: ViewMessage): Promise<boolean> {
    switch (message.type) {
      case 'startReview':
        await this.startReview(message.includeSkipped === true);
        return true;
      case 'endReview':
        this.session = undefined;
        return true;
      case 'vote': {
        const revealed = await this.session?.vote(message.key, message.verdict);
        if (typeof revealed === 'object') this.post({ type: 'voted', left: revealed.left, right: revealed.right, verdict: message.verdict });
        await this.sendReview();
        if (revealed === 'judgedElsewhere') this.sayJudgedElsewhere();
        this.votesStale = true;
        this.recomputeSoon(0);
        return true;
      }
      case 'skip': {
        const skipped = await this.session?.skip(message.key);
        await this.sendReview();
        if (skipped === 'judgedElsewhere') this.sayJudgedElsewhere();
        return true;
      }
      case 'undo':
        await this.session?.undo();
        await this.sendReview();
        this.votesStale = true;
        this.recomputeSoon(0);
        return true;
      default:
        return false;
    }
  }

  /** After the next pair: the one the reviewer acted on had been voted on or skipped in another window of theirs. */
  private sayJudgedElsewhere(): void {
    this.post({ type: 'reviewNotice', message: vscode.l10n.t('You had already judged that pair in another window, so this key was not recorded. Here is your next pair.') });
  }

  /** Starts the review (or goes on with it): the view shows the next pair when it gets it. */
  async startReview(includeSkipped = false): Promise<void> {
    const index = this.index();
    if (index === undefined) return;
    const reviewer = await this.deps.reviewerName();
    if (reviewer === undefined) {
      this.post({ type: 'reviewFailed', message: vscode.l10n.t('A review needs your name (it goes into your votes file): sign in, or set “gist.review.reviewer”.') });
      return;
    }
    if (this.session?.reviewer !== reviewer) {
      this.session = await ReviewSession.start(index, this.filePath, reviewer);
    } else {
      await this.session.refresh();
    }
    this.session.includeSkipped = includeSkipped;
    await this.sendReview();
  }

  private async sendReview(): Promise<void> {
    if (this.session === undefined) return;
    try {
      this.post({ type: 'review', reviewer: this.session.reviewer, review: await this.session.view(), staysBlind: this.deps.staysBlind() });
    } catch (error) {
      this.post({ type: 'reviewFailed', message: error instanceof Error ? error.message : String(error) });
    }
  }
}
