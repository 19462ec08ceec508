// utf8Length and truncateUtf8 count and cut without encoding character by character (the history
// capped a 1 MB call's text in ~50 ms that way); they must give what the obvious reference gives.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { truncateUtf8 } from '../../../src/history/historyEntry';
import { utf8Length } from '../../../src/shared/limits';

const encoder = new TextEncoder();

/** What they did before: encode everything, then walk code point by code point. */
function referenceTruncate(text: string, maxBytes: number): { text: string; truncated: boolean } {
  if (encoder.encode(text).length <= maxBytes) {
    return { text, truncated: false };
  }
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = encoder.encode(char).length;
    if (bytes + size > maxBytes) {
      break;
    }
    bytes += size;
    end += char.length;
  }
  return { text: text.slice(0, end), truncated: true };
}

/** Any UTF-16 text, lone surrogates included (they count as U+FFFD, 3 bytes). */
const anyText = fc.string({ unit: 'binary', maxLength: 60 });
const mixedText = fc.array(fc.constantFrom('a', 'é', '€', '👋', '\uD800', '\uDC00', '\n', '"'), { maxLength: 40 }).map((parts) => parts.join(''));

describe('UTF-8 length and truncation', function () {
  it('utf8Length is the length of the encoded text', function () {
    fc.assert(fc.property(fc.oneof(anyText, mixedText), (text) => utf8Length(text) === encoder.encode(text).length));
  });

  it('truncateUtf8 keeps the same prefix as the character-by-character reference', function () {
    fc.assert(
      fc.property(fc.oneof(anyText, mixedText), fc.integer({ min: 0, max: 200 }), (text, maxBytes) => {
        assert.deepEqual(truncateUtf8(text, maxBytes), referenceTruncate(text, maxBytes));
      }),
      { numRuns: 2000 },
    );
  });
});
