// The one way to build the text of a notification, a modal or a notification progress (notify.ts
// shows only this type): the extension's own sentence and the outside values, apart. VS Code renders
// `[label](command:…)` in those texts as a link that runs the command, so every value is made one
// line and inert (inertText.ts) before it goes in, and where a value meets the sentence no `](` can
// form either. The sentences themselves never link: a notification's actions are its buttons.
// Pure: no `vscode`.
import { plainText } from './inertText';

declare const userMessageBrand: unique symbol;

/** Text that is safe to show as a notification or modal: made only by `userMessage` and `messageLines`. */
export type UserMessage = string & { readonly [userMessageBrand]: true };

/** VS Code cuts a notification's message at 1,000 characters; one value never needs more. */
export const MAX_MESSAGE_VALUE_LENGTH = 1000;

const PLACEHOLDER = /\{(\d+)\}/g;

/**
 * `template` with `{0}`, `{1}`… replaced by `values`, each one line, cut and free of link syntax.
 * The template is the extension's own (`vscode.l10n.t('…')` without arguments); text from outside,
 * or holding outside text (an error's message), is always a value. Throws on a template with link
 * syntax: that would be a link the extension put there, and notifications carry none.
 */
export function userMessage(template: string, ...values: ReadonlyArray<string | number>): UserMessage {
  if (template.includes('](')) {
    throw new Error(`A notification's own text must not hold link syntax: ${template}`);
  }
  let message = '';
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const value = values[Number(match[1])];
    message = joined(message, template.slice(last, match.index));
    message = joined(message, value === undefined ? match[0] : typeof value === 'number' ? String(value) : plainText(value, MAX_MESSAGE_VALUE_LENGTH));
    last = match.index + match[0].length;
  }
  return joined(message, template.slice(last)) as UserMessage;
}

/** Lines of a modal's detail, each made by `userMessage`, one under the other. */
export function messageLines(...lines: readonly UserMessage[]): UserMessage {
  return lines.join('\n') as UserMessage;
}

/** `before` and `after` run together, with a space where a `]` would otherwise meet a `(`. */
function joined(before: string, after: string): string {
  return before.endsWith(']') && after.startsWith('(') ? `${before} ${after}` : `${before}${after}`;
}
