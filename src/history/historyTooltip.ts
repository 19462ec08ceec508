// The Markdown tooltip of a "Gist Calls" item. Everything in it comes from outside (catalog labels,
// the service's call ids, errors and content, stored history), so it is built only from the escaped
// pieces of `markdown.ts`. Pure: the translated phrases are passed in.
import type { HistoryEntry } from './historyEntry';
import { countInvisible } from '../shared/invisibles';
import { markdownCodeBlock, markdownStrong, markdownText } from '../shared/markdown';

/** Content longer than this is cut in the tooltip; the item's actions use all of it. */
const PREVIEW_LENGTH = 600;

export interface HistoryTooltipText {
  readonly automaticVariant: string;
  /** When the call was made, as the user's locale writes it. */
  readonly when: string;
  readonly callId: (callId: string) => string;
  /** Says how long the call took; without it the tooltip leaves the time out. */
  readonly latency?: ((ms: number) => string) | undefined;
  /** Names the profile (service and key) the call went to; without it the tooltip leaves the profile out. */
  readonly profile?: ((name: string) => string) | undefined;
  readonly failed: (error: string) => string;
  /** Said under content that the history kept only in part. */
  readonly truncated: string;
  /** Names the other details (values, label, …) shortened or left out to fit the history. */
  readonly cut: (fields: string) => string;
  /** Said of a call whose file could not be written or read: only its summary is left. */
  readonly unavailable: string;
  /** Counts the invisible characters of what the tooltip shows (each written as `⟨U+…⟩`). */
  readonly invisible?: ((count: number) => string) | undefined;
}

export function historyTooltip(entry: HistoryEntry, text: HistoryTooltipText): string {
  const heading = [markdownStrong(entry.label), markdownText(`  ·  ${entry.variant ?? text.automaticVariant}  ·  ${text.when}`)].join(' ');
  const parts = [heading.trim()];
  if (entry.profile !== undefined && text.profile !== undefined) {
    parts.push(markdownText(text.profile(entry.profile)));
  }
  if (entry.callId !== undefined) {
    parts.push(markdownText(text.callId(entry.callId)));
  }
  if (entry.latencyMs !== undefined && text.latency !== undefined) {
    parts.push(markdownText(text.latency(entry.latencyMs)));
  }
  if (entry.error !== undefined) {
    parts.push(markdownText(text.failed(entry.error), 1000));
  } else if (entry.content !== undefined) {
    parts.push(markdownCodeBlock(entry.content.length > PREVIEW_LENGTH ? `${entry.content.slice(0, PREVIEW_LENGTH)}…` : entry.content));
    if (entry.truncated === true) {
      parts.push(markdownText(text.truncated));
    }
  }
  if (entry.unavailable === true) {
    parts.push(markdownText(text.unavailable));
  }
  if (entry.cut !== undefined && entry.cut.length > 0) {
    parts.push(markdownText(text.cut(entry.cut.join(', '))));
  }
  // The whole content and error count, the part the preview leaves out too.
  const invisible = [entry.label, entry.variant, entry.callId, entry.profile, entry.error, entry.content].reduce((sum, shown) => sum + countInvisible(shown ?? ''), 0);
  if (invisible > 0 && text.invisible !== undefined) {
    parts.push(markdownText(`⚠ ${text.invisible(invisible)}`));
  }
  return parts.join('\n\n');
}
