import { strict as assert } from 'node:assert';
import { parseVariableNames } from '../../../src/generation/variableNames';

describe('parseVariableNames', () => {
  it('splits, trims and drops empty names', () => {
    assert.deepEqual(parseVariableNames(' name, product ,,'), { ok: true, names: ['name', 'product'] });
    assert.deepEqual(parseVariableNames(''), { ok: true, names: [] });
  });

  it('rejects spaces, control characters and repeats with a reason', () => {
    const spaced = parseVariableNames('first name');
    assert.equal(spaced.ok, false);
    assert.match(!spaced.ok ? spaced.reason : '', /space/);
    const control = parseVariableNames('a\u0007b');
    assert.equal(control.ok, false);
    const repeated = parseVariableNames('a, b, a');
    assert.equal(repeated.ok, false);
    assert.match(!repeated.ok ? repeated.reason : '', /twice/);
  });
});
