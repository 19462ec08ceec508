import { strict as assert } from 'node:assert';
import type { CallPlan } from '../../../src/languageModelTools/callPlan';
import { ConfirmedCalls, inputKey } from '../../../src/languageModelTools/confirmedCalls';
import { recordOf } from '../../../src/shared/keyedRecord';

function plan(marker: string): CallPlan {
  return { entry: { id: marker, label: marker, variants: [], variables: [], source: 's', origin: 'user' }, request: { gistId: marker, values: {} }, values: [] };
}

describe('calls shown for confirmation', () => {
  it('finds a prepared call by its input, whatever the order of its values, once', () => {
    const calls = new ConfirmedCalls();
    const shown = plan('a');
    calls.add({ gistId: 'echo', values: recordOf([['x', '1'], ['y', '2']]) }, shown);
    assert.equal(calls.take({ gistId: 'echo', values: recordOf([['y', '2'], ['x', '1']]) }), shown);
    assert.equal(calls.take({ gistId: 'echo', values: recordOf([['y', '2'], ['x', '1']]) }), undefined);
  });

  it('tells inputs apart by gist, variant and every value', () => {
    const base = { gistId: 'echo', values: recordOf([['x', '1']]) };
    const keys = new Set([
      inputKey(base),
      inputKey({ ...base, variant: 'plain' }),
      inputKey({ ...base, gistId: 'other' }),
      inputKey({ ...base, values: recordOf([['x', '2']]) }),
      inputKey({ ...base, values: recordOf([['x', '1'], ['z', '']]) }),
    ]);
    assert.equal(keys.size, 5);
  });

  it('takes the newest of two calls prepared with the same input (the first question may have been cancelled), and forgets questions never answered past 16', () => {
    const calls = new ConfirmedCalls();
    const input = { gistId: 'echo', values: recordOf<string>() };
    calls.add(input, plan('first'));
    calls.add(input, plan('second'));
    assert.equal(calls.take(input)?.entry.id, 'second');
    assert.equal(calls.take(input)?.entry.id, 'first');
    for (let index = 0; index < 17; index++) {
      calls.add({ gistId: `g${index}`, values: recordOf<string>() }, plan(`g${index}`));
    }
    assert.equal(calls.take({ gistId: 'g0', values: recordOf<string>() }), undefined);
    assert.equal(calls.take({ gistId: 'g1', values: recordOf<string>() })?.entry.id, 'g1');
  });
});
