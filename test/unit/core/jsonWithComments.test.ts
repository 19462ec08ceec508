import { strict as assert } from 'node:assert';
import { parseJsonWithComments } from '../../../src/core/jsonWithComments';

describe('JSON with comments', () => {
  it('reads comments and trailing commas as VS Code writes them', () => {
    const result = parseJsonWithComments('\uFEFF// team gists\n[\n  { "id": "a", /* inline */ "label": "A", },\n]\n');
    assert.deepEqual(result, { ok: true, value: [{ id: 'a', label: 'A' }] });
  });

  it('leaves comment-like and comma-like text inside strings alone', () => {
    const result = parseJsonWithComments('[{ "id": "http://x/*y*/", "d": "a,]", "e": "q\\"//" }]');
    assert.deepEqual(result, { ok: true, value: [{ id: 'http://x/*y*/', d: 'a,]', e: 'q"//' }] });
  });

  it('reports invalid JSON with the parser’s reason, and an empty file as nothing', () => {
    const result = parseJsonWithComments('[{ "id": }]');
    assert.equal(result.ok, false);
    assert.ok(!result.ok && result.reason.length > 0);
    assert.deepEqual(parseJsonWithComments('  // nothing yet\n'), { ok: true, value: undefined });
  });
});
