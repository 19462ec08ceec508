// The blind review, as Chatbot Arena runs it: two answers to the same row side by side, which
// variant wrote which hidden until the vote. Keys: 1 left is better, 2 right is better, 3 tie,
// 4 both bad, S skip, U undo, B stay blind (or not), Escape back to the table; each is also a
// button. The screen reader hears which side it is on (each side is a labelled region), the pair's
// place in the review, and when a vote is taken. The texts are outside text: textContent only.
import type { ReviewView } from '../resultsViewProtocol';
import { element, replaceChildren } from './dom';

type Verdict = 'left' | 'right' | 'tie' | 'both-bad';

export interface ReviewEvents {
  vote(key: string, verdict: Verdict): void;
  skip(key: string): void;
  undo(): void;
  /** Ask the skipped pairs again. */
  reviewSkipped(): void;
  /** Back to the table. */
  end(): void;
  announce(text: string): void;
}

/** How long the names stay on screen after a vote (unless the reviewer stays blind). */
export const REVEAL_MS = 1200;

const VERDICT_WORDS: Readonly<Record<Verdict, string>> = { left: 'left is better', right: 'right is better', tie: 'a tie', 'both-bad': 'both are bad' };
const VOTE_KEYS: Readonly<Record<string, Verdict>> = { '1': 'left', '2': 'right', '3': 'tie', '4': 'both-bad' };

interface Side {
  readonly region: HTMLElement;
  readonly name: HTMLElement;
  readonly text: HTMLElement;
  readonly cut: HTMLElement;
}

function side(which: 'left' | 'right'): Side {
  const title = which === 'left' ? 'Left answer (1)' : 'Right answer (2)';
  const name = element('span', { class: 'reveal', hidden: '' });
  const text = element('div', { class: 'answer-text', tabindex: '0', 'aria-label': `${which === 'left' ? 'Left' : 'Right'} answer's text` });
  const cut = element('p', { class: 'note', hidden: '' }, 'The text is longer than shown here; the rest is in the results file.');
  const region = element('section', { class: `answer answer-${which}`, 'aria-labelledby': `answer-${which}-title` }, element('h3', { id: `answer-${which}-title` }, title, ' ', name), text, cut);
  return { region, name, text, cut };
}

export class ReviewPane {
  readonly root: HTMLElement;
  private readonly progress = element('p', { class: 'review-progress' });
  private readonly values = element('p', { class: 'review-values' });
  private readonly left = side('left');
  private readonly right = side('right');
  private readonly pairBox: HTMLElement;
  private readonly done = element('div', { class: 'review-done', hidden: '' });
  private readonly message = element('p', { class: 'review-message', role: 'alert' });
  private readonly blindBox = element('input', { type: 'checkbox', id: 'stay-blind' });
  private readonly undoButton: HTMLButtonElement;
  private review: ReviewView | undefined;
  /** A vote, skip or undo was sent and its answer has not come: keys wait, so nothing is sent twice. */
  private busy = false;
  private revealTimer: ReturnType<typeof setTimeout> | undefined;
  private queued: { readonly reviewer: string; readonly review: ReviewView } | undefined;
  private blindChosen = false;
  /** Said before the next pair's place (the vote just taken), so the two are one announcement. */
  private said = '';

  constructor(private readonly events: ReviewEvents) {
    const button = (label: string, action: () => void, secondary = false): HTMLButtonElement => {
      const node = element('button', { type: 'button', ...(secondary ? { class: 'secondary' } : {}) }, label);
      node.addEventListener('click', action);
      return node;
    };
    this.undoButton = button('Undo (U)', () => this.act('u'), true);
    const actions = element(
      'div',
      { class: 'review-actions', role: 'toolbar', 'aria-label': 'Your vote' },
      button('Left is better (1)', () => this.act('1')),
      button('Right is better (2)', () => this.act('2')),
      button('Tie (3)', () => this.act('3')),
      button('Both are bad (4)', () => this.act('4')),
      button('Skip (S)', () => this.act('s'), true),
      this.undoButton,
    );
    this.pairBox = element('div', { class: 'review-pair' }, this.values, element('div', { class: 'answers' }, this.left.region, this.right.region), actions);
    this.blindBox.addEventListener('change', () => {
      this.blindChosen = true;
      events.announce(this.blindBox.checked ? 'Names stay hidden for this review.' : 'Names are shown for a moment after each vote.');
    });
    const help = element('p', { class: 'keys', id: 'review-keys' }, 'Keys: 1 left is better, 2 right is better, 3 tie, 4 both bad, S skip, U undo the last vote, B stay blind, Escape back to the table. Which variant wrote which answer is hidden until you vote.');
    this.root = element(
      'section',
      { class: 'review', hidden: '', tabindex: '0', 'aria-label': 'Blind review', 'aria-describedby': 'review-keys' },
      element('h2', {}, 'Blind review'),
      this.progress,
      this.message,
      this.pairBox,
      this.done,
      element('div', { class: 'review-footer' }, element('label', { for: 'stay-blind' }, this.blindBox, ' Stay blind: never show the names (B)'), button('Back to the Table (Esc)', () => this.act('Escape'), true)),
      help,
    );
    this.root.addEventListener('keydown', (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (this.act(event.key)) {
        event.preventDefault();
        event.stopPropagation();
      }
    });
  }

  get active(): boolean {
    return !this.root.hidden;
  }

  /** Shows the review (the pane takes the keyboard). */
  open(): void {
    this.root.hidden = false;
    this.root.focus();
  }

  close(): void {
    clearTimeout(this.revealTimer);
    this.revealTimer = undefined;
    this.queued = undefined;
    this.busy = false;
    this.root.hidden = true;
  }

  /** The host's next pair (or the end); held back while the last vote's names are on screen. */
  show(reviewer: string, review: ReviewView, staysBlind: boolean): void {
    if (!this.blindChosen) this.blindBox.checked = staysBlind;
    if (this.revealTimer !== undefined) {
      this.queued = { reviewer, review };
      return;
    }
    this.render(reviewer, review);
  }

  /** A vote was taken: says so, and shows which variant each side was for a moment unless the reviewer stays blind. */
  voted(left: string, right: string, verdict: string): void {
    const words = VERDICT_WORDS[verdict as Verdict] ?? verdict;
    if (this.blindBox.checked) {
      this.said = `Vote taken: ${words}.`;
      return;
    }
    this.left.name.textContent = `was ${left}`;
    this.right.name.textContent = `was ${right}`;
    this.left.name.hidden = false;
    this.right.name.hidden = false;
    this.events.announce(`Vote taken: ${words}. Left was ${left}; right was ${right}.`);
    this.revealTimer = setTimeout(() => {
      this.revealTimer = undefined;
      this.left.name.hidden = true;
      this.right.name.hidden = true;
      const queued = this.queued;
      this.queued = undefined;
      if (queued !== undefined) this.render(queued.reviewer, queued.review);
    }, REVEAL_MS);
  }

  /** A word over the pair shown: the host's text, as text (an alert, so it is read out). */
  notice(message: string): void {
    this.message.textContent = message;
  }

  failed(message: string): void {
    this.busy = false;
    this.message.textContent = message;
  }

  private render(reviewer: string, review: ReviewView): void {
    this.busy = false;
    this.review = review;
    this.message.textContent = '';
    this.undoButton.setAttribute('aria-disabled', String(!review.canUndo));
    const counts = `${review.voted.toLocaleString('en-US')} of ${review.total.toLocaleString('en-US')} pairs voted${review.skipped > 0 ? `, ${review.skipped.toLocaleString('en-US')} skipped` : ''} · reviewing as `;
    replaceChildren(this.progress, counts, element('strong', { class: 'name' }, reviewer));
    const pair = review.pair;
    if (pair === undefined) {
      this.pairBox.hidden = true;
      this.done.hidden = false;
      const again = element('button', { type: 'button' }, `Review the ${review.skipped} Skipped Pairs (R)`);
      again.addEventListener('click', () => this.act('r'));
      replaceChildren(
        this.done,
        element('p', {}, review.total === 0 ? 'There is nothing to review: no row has two variants that both gave a text (and a different one).' : 'Every pair has your vote. The verdict above the table counts them.'),
        ...(review.skipped > 0 ? [again] : []),
      );
      this.events.announce(`${this.said} ${review.total === 0 ? 'Nothing to review.' : 'Every pair has your vote.'}`.trim());
      this.said = '';
      return;
    }
    this.pairBox.hidden = false;
    this.done.hidden = true;
    replaceChildren(this.values, element('span', { class: 'label' }, `Row ${pair.row}${pair.sample > 1 ? `, sample ${pair.sample}` : ''}: `), pair.values);
    this.left.text.textContent = pair.left.text;
    this.right.text.textContent = pair.right.text;
    this.left.cut.hidden = !pair.left.cut;
    this.right.cut.hidden = !pair.right.cut;
    this.left.text.scrollTop = 0;
    this.right.text.scrollTop = 0;
    this.events.announce(`${this.said} Pair ${(review.voted + 1).toLocaleString('en-US')} of ${review.total.toLocaleString('en-US')}, row ${pair.row}.`.trim());
    this.said = '';
  }

  /** One key or button; true when it meant something here. */
  private act(key: string): boolean {
    const pair = this.review?.pair;
    const lower = key.toLowerCase();
    if (key === 'Escape') {
      this.events.end();
      return true;
    }
    if (lower === 'b') {
      this.blindBox.checked = !this.blindBox.checked;
      this.blindBox.dispatchEvent(new Event('change'));
      return true;
    }
    const verdict = VOTE_KEYS[key];
    if (verdict === undefined && lower !== 's' && lower !== 'u' && lower !== 'r') return false;
    if (this.busy || this.revealTimer !== undefined) {
      // The last action is still being saved (or its names are showing): this key would land on the wrong pair.
      return true;
    }
    if (lower === 'u') {
      if (this.review?.canUndo !== true) {
        this.events.announce('There is no vote to take back.');
        return true;
      }
      this.busy = true;
      this.said = 'Took back your last vote.';
      this.events.undo();
      return true;
    }
    if (lower === 'r') {
      if (pair === undefined && (this.review?.skipped ?? 0) > 0) {
        this.busy = true;
        this.events.reviewSkipped();
      }
      return true;
    }
    if (pair === undefined) return true;
    this.busy = true;
    if (lower === 's') {
      this.said = 'Skipped.';
      this.events.skip(pair.key);
    } else if (verdict !== undefined) {
      this.events.vote(pair.key, verdict);
    }
    return true;
  }
}
