// Characters that show nothing, or that change how the text around them shows, made visible as
// `⟨U+202E⟩` wherever outside text is shown: a confirmation must show everything it sends. Unicode
// tags (U+E0000–E007F) can carry a whole hidden sentence after a visible one, a right-to-left
// override (U+202E) mirrors the rest of a line, zero-width characters split or join words unseen.
// Pure: no `vscode`.

/**
 * What is made visible: format characters (category Cf: tags, bidirectional controls, zero-width
 * characters, the soft hyphen), the default-ignorable code points Unicode tells renderers to show
 * as nothing (variation selectors, Hangul fillers, the combining grapheme joiner…), the braille
 * blank, line and paragraph separators, controls other than tab and line breaks (callers decide how
 * those show), and halves of surrogate pairs.
 */
const INVISIBLE = /(?![\t\n\r])[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Zl}\p{Zp}\p{Cs}\u2800]/u;

/** A text variation selector or the emoji one right after an emoji only picks how it is drawn: it stays. */
const PRESENTATION_SELECTOR = /^[\uFE0E\uFE0F]$/;
const EMOJI = /\p{Emoji}/u;

/** How a character that shows nothing is shown. */
export function marker(codePoint: number): string {
  return `⟨U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

export function isInvisible(char: string, previous?: string): boolean {
  if (!INVISIBLE.test(char)) {
    return false;
  }
  return !(PRESENTATION_SELECTOR.test(char) && previous !== undefined && EMOJI.test(previous) && !INVISIBLE.test(previous));
}

export interface Revealed {
  /** The text with each invisible character replaced by its marker. */
  readonly text: string;
  /** How many characters were replaced. */
  readonly invisible: number;
}

/** `text` with every character that would show nothing (or reorder the rest) written as `⟨U+XXXX⟩`. */
export function revealInvisible(text: string): Revealed {
  if (!INVISIBLE.test(text)) {
    return { text, invisible: 0 };
  }
  let shown = '';
  let invisible = 0;
  let previous: string | undefined;
  // By code point, so a tag (two UTF-16 units) is one marker and a lone surrogate is one too.
  for (const char of text) {
    if (isInvisible(char, previous)) {
      shown += marker(char.codePointAt(0) ?? 0);
      invisible += 1;
    } else {
      shown += char;
    }
    previous = char;
  }
  return { text: shown, invisible };
}

/** How many characters of `text` `revealInvisible` would replace. */
export function countInvisible(text: string): number {
  let count = 0;
  let previous: string | undefined;
  for (const char of text) {
    if (isInvisible(char, previous)) {
      count += 1;
    }
    previous = char;
  }
  return count;
}
