// Lone surrogates in a gist id or variant slug (item 9 of issue 13): encodeURIComponent throws a
// URIError for them; they must give a typed error with a message, and be refused as input.
import { strict as assert } from 'node:assert';
import { isGistError } from '../../../src/client/errors';
import { encodeSegment, generateUrl } from '../../../src/client/urls';
import { parseCompareArgs } from '../../../src/generation/compareArgs';
import { parseGenerateArgs } from '../../../src/generation/generateArgs';
import { failure, useClientFixture } from './clientFixture';

const LONE = ['\uD800', 'a\uDBFFb', '\uDC00', 'x\uDFFF'];

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('lone surrogates in gist ids and slugs', function () {
  const f = useClientFixture();

  for (const text of LONE) {
    it(`encodeSegment(${JSON.stringify(text)}) throws a typed badRequest error, not a URIError`, function () {
      const error = thrown(() => encodeSegment(text));
      assert.ok(isGistError(error), String(error));
      assert.equal(error.kind, 'badRequest');
      assert.match(error.message, /not valid Unicode/);
    });
  }

  it('a well-formed surrogate pair is still encoded', function () {
    assert.equal(generateUrl('https://x', '👋', 'a'), 'https://x/v1/generate/%F0%9F%91%8B/a');
  });

  it('generate with a lone surrogate in the gist id or variant → badRequest naming which, nothing sent', async function () {
    const gist = await failure(f.client.generate(f.settings(), { gistId: 'echo\uD800', values: {} }));
    assert.equal(gist.kind, 'badRequest');
    assert.match(gist.message, /gist id/);
    const variant = await failure(f.client.generate(f.settings(), { gistId: 'echo', variant: '\uDC00plain', values: {} }));
    assert.equal(variant.kind, 'badRequest');
    assert.match(variant.message, /variant slug/);
    assert.equal(f.service.calls().length, 0);
  });

  it('the gist.generate arguments refuse them, naming the field', function () {
    for (const args of [{ gistId: 'a\uD800' }, { gistId: 'echo', variant: '\uDFFF' }]) {
      const result = parseGenerateArgs(args);
      assert.equal(result?.ok, false, JSON.stringify(args));
      assert.match(result !== undefined && !result.ok ? result.reason : '', /"(gistId|variant)" .*not valid Unicode/);
    }
  });

  it('the gist.compareVariants arguments refuse them, naming the field', function () {
    for (const args of [{ gistId: '\uD800', variants: ['a', 'b'] }, { gistId: 'g', variants: ['a', 'b\uDBFF'] }]) {
      const result = parseCompareArgs(args);
      assert.equal(result?.ok, false, JSON.stringify(args));
      assert.match(result !== undefined && !result.ok ? result.reason : '', /"(gistId|variants)" .*not valid Unicode/);
    }
  });
});
