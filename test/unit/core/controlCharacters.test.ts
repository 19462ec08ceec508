// hasControlCharacter (an id's, a name's or a key's check) finds exactly the C0 controls and DEL,
// wherever they are, in any text: held to the character class it replaced.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { hasControlCharacter } from '../../../src/shared/text';

// eslint-disable-next-line no-control-regex
const C0_OR_DEL = /[\u0000-\u001f\u007f]/;

describe('control characters in names', () => {
  it('finds a C0 control or DEL anywhere, and nothing else (random texts of every plane)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(fc.constantFrom('\u0000', '\t', '\n', '\u001f', '\u007f', '\u0080', '\u009f', '\u200b', '\u2028', ' '), fc.string({ unit: 'grapheme', maxLength: 1 })) }), (text) => {
        assert.equal(hasControlCharacter(text), C0_OR_DEL.test(text), JSON.stringify(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('checks the edges: space and U+0080 are not controls here; U+001F and U+007F are', () => {
    assert.equal(hasControlCharacter(''), false);
    assert.equal(hasControlCharacter('name with spaces'), false);
    assert.equal(hasControlCharacter('\u0080'), false);
    assert.equal(hasControlCharacter('a\u001f'), true);
    assert.equal(hasControlCharacter('\u007fb'), true);
  });
});
