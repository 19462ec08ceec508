// The one way text from outside (the service, the settings, the workspace, the history) enters
// Markdown. Pure: no `vscode`, so the rendered result is tested with a Markdown parser.
//
// Text is made one line and every ASCII punctuation character is backslash-escaped (CommonMark
// and VS Code's renderer both accept an escape before any of them). Without unescaped `[`, `<`,
// `!`, `:`, `.` or `@` no link, autolink, bare URL, e-mail link, image or raw HTML can start; without
// line breaks no block (code, quote, list, heading, link definition) can. Meant for MarkdownStrings
// with `supportHtml` and `supportThemeIcons` off, so `$(name)` stays text too. Characters that show
// nothing or reorder the line are written as `⟨U+202E⟩`, in code blocks too (invisibles.ts).
import { revealInvisible } from './invisibles';
import { visibleLine } from './inertText';

const ASCII_PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

/** Outside text as inert Markdown: one line, at most `maxLength` characters, invisible ones shown, every punctuation mark escaped. */
export function markdownText(text: string, maxLength = 200): string {
  return visibleLine(text, maxLength).replace(ASCII_PUNCTUATION, (char) => `\\${char}`);
}

/** Outside text in bold; nothing for empty text (a bare `****` would be a horizontal rule). */
export function markdownStrong(text: string, maxLength = 200): string {
  const escaped = markdownText(text, maxLength);
  return escaped === '' ? '' : `**${escaped}**`;
}

/**
 * A fenced code block: the fence is longer than any run of backticks in `code`, so no line of it
 * can close the block early; inside, Markdown is not interpreted at all.
 */
export function markdownCodeBlock(outside: string, language = 'text'): string {
  const code = revealInvisible(outside).text;
  let longestRun = 0;
  for (const match of code.matchAll(/`+/g)) {
    longestRun = Math.max(longestRun, match[0].length);
  }
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${fence}${language.replace(/[^\w-]/g, '')}\n${code}\n${fence}`;
}

/** A link of the extension's own that runs `commandId` (which must then be in the string's enabled commands). */
export function commandLink(label: string, commandId: string): string {
  if (!/^[\w.-]+$/.test(commandId)) {
    throw new Error(`Not a command id: ${commandId}`);
  }
  return `[${markdownText(label)}](command:${commandId})`;
}
