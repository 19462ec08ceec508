// Outside text (the service's answers, a workspace's catalog, stored history) on VS Code's plain-text
// surfaces: notifications, modals and progress titles (through userMessage.ts), quick input rows and
// prompts, tree items, the status bar. Markdown surfaces use markdown.ts instead. Pure: no `vscode`.
//
// Some plain surfaces are not plain: notifications, progress titles and quick input prompts render
// `[label](command:…)` as a link that runs the command (VS Code's src/vs/base/common/linkedText.ts),
// and quick input rows, prompts and the status bar render `$(name)` as an icon. Characters that show
// nothing or reorder the line are written as `⟨U+202E⟩` (invisibles.ts) on every one of them.
import { revealInvisible } from './invisibles';
import { oneLine } from './oneLine';

/**
 * VS Code's link grammar needs `](` between a link's label and its target. A space between the two
 * leaves the text readable and makes it no link: `[Renew](command:x)` shows as `[Renew] (command:x)`.
 */
export function withoutLinkSyntax(text: string): string {
  return text.replace(/\](?=\()/g, '] ');
}

/** Stops text such as `$(bug)` from rendering as an icon (quick input rows and prompts, the status bar). */
export function escapeIcons(text: string): string {
  return text.replace(/\$\(/g, '\\$(');
}

/** The first `maxLength` characters of `text` (code points), with `…` when there were more. */
function cut(text: string, maxLength: number): string {
  if (text.length <= maxLength) {
    return text;
  }
  const characters = [...text];
  return characters.length <= maxLength ? text : `${characters.slice(0, maxLength - 1).join('')}…`;
}

/**
 * At most `maxLength` characters of `text`, invisible ones written as `⟨U+XXXX⟩` (line and
 * paragraph separators and other controls too), line breaks and tabs as spaces: one line.
 */
export function visibleLine(text: string, maxLength = 200): string {
  return oneLine(revealInvisible(cut(text, maxLength)).text, Number.MAX_SAFE_INTEGER);
}

/** Outside text on a plain surface: `visibleLine`, and never a link. */
export function plainText(text: string, maxLength = 200): string {
  return withoutLinkSyntax(visibleLine(text, maxLength));
}

/** Outside text where VS Code renders icons too: a quick pick row, an input prompt, the status bar. */
export function labelText(text: string, maxLength = 200): string {
  return escapeIcons(plainText(text, maxLength));
}

/**
 * Outside text in the path of a document of the extension's own scheme, whose last segment the
 * editor shows as the tab's title (some builds render icons there): `/` and `\` would start another
 * segment, so they are `∕` first; then `labelText`, so the `\` that escapes `$(` stays.
 */
export function titleSegment(text: string, maxLength = 200): string {
  return labelText(text.replace(/[/\\]/g, '∕'), maxLength);
}
