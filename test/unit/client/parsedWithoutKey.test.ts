// parsedWithoutKey skips the second search of a result whose body was proved clean: a property
// test holds that the skip never changes the result, whatever the body holds (the key literally,
// escaped, percent-encoded, in parts, or nothing of it).
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { parseGeneration } from '../../../src/client/envelope';
import { generationWithoutKey, parsedWithoutKey, responseWithoutKey } from '../../../src/client/keyEcho';
import type { GenerationResult } from '../../../src/client/types';

const KEY = 'gk_demo_ada_0123456789';

/** The result the long way: every text of the response searched, then every text of the result. */
function searchedTwice(body: string): GenerationResult | string {
  try {
    return generationWithoutKey(parseGeneration(200, {}, responseWithoutKey({ status: 200, headers: {}, body }, [KEY]).body, { gistId: 'g' }), [KEY]);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function asParsed(body: string): GenerationResult | string {
  try {
    return parsedWithoutKey({ status: 200, headers: {}, body }, [KEY], (clean) => parseGeneration(clean.status, clean.headers, clean.body, { gistId: 'g' }), generationWithoutKey);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const keyParts = fc.constantFrom(KEY, KEY.slice(0, 9), KEY.slice(5), '%67k_demo_ada_0123456789', '\\u0067k_demo_ada_0123456789', '&#103;k_demo_ada_0123456789', Buffer.from(KEY).toString('base64'), 'gk_', '\\\\', '%', '&#', '"');
const text = fc.array(fc.oneof(keyParts, fc.string({ maxLength: 8 }), fc.string({ unit: 'grapheme', maxLength: 4 })), { maxLength: 8 }).map((parts) => parts.join(''));

describe('parsedWithoutKey', function () {
  it('gives what searching the body and then the result gives, for any content and call id', function () {
    fc.assert(
      fc.property(text, text, fc.boolean(), (content, id, raw) => {
        // As JSON (escaped where needed) or spliced in raw (a body that may not parse at all).
        const body = raw ? `{"error":null,"data":{"id":"${id}","content":"${content}"}}` : JSON.stringify({ error: null, data: { id, content } });
        assert.deepEqual(asParsed(body), searchedTwice(body));
      }),
      { numRuns: 3000 },
    );
  });

  it('a body with no form of the key and no escape is parsed as it is', function () {
    assert.deepEqual(asParsed('{"error":null,"data":{"id":"c1","content":"Dear Ada"}}'), { id: 'c1', content: 'Dear Ada' });
  });
});
