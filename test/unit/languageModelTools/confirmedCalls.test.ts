import { strict as assert } from 'node:assert';
import type { CallPlan } from '../../../src/languageModelTools/callPlan';
import { ConfirmedCalls, inputKey, sameDestination, type ShownCall } from '../../../src/languageModelTools/confirmedCalls';
import { recordOf } from '../../../src/shared/keyedRecord';

const destination = { profile: 'Work', baseUrl: 'https://gists.example.com', apiKeyHeader: 'SERVICE-API-KEY' };

function shown(marker: string): ShownCall {
  const plan: CallPlan = { entry: { id: marker, label: marker, variants: [], variables: [], source: 's', origin: 'user' }, request: { gistId: marker, values: {} }, values: [] };
  return { plan, destination };
}

describe('calls shown for confirmation', () => {
  it('finds a prepared call by its input, whatever the order of its values, once', () => {
    const calls = new ConfirmedCalls();
    const call = shown('a');
    calls.add({ gistId: 'echo', values: recordOf([['x', '1'], ['y', '2']]) }, call);
    assert.equal(calls.take({ gistId: 'echo', values: recordOf([['y', '2'], ['x', '1']]) }), call);
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

  it('a second preparation of the same input drops the first: a question never answered (cancelled) is never sent, and questions never answered are forgotten past 16', () => {
    const calls = new ConfirmedCalls();
    const input = { gistId: 'echo', values: recordOf<string>() };
    calls.add(input, shown('first'));
    calls.add(input, shown('second'));
    assert.equal(calls.take(input)?.plan.entry.id, 'second');
    assert.equal(calls.take(input), undefined, 'the first preparation was never invoked: it is gone');
    for (let index = 0; index < 17; index++) {
      calls.add({ gistId: `g${index}`, values: recordOf<string>() }, shown(`g${index}`));
    }
    assert.equal(calls.take({ gistId: 'g0', values: recordOf<string>() }), undefined);
    assert.equal(calls.take({ gistId: 'g1', values: recordOf<string>() })?.plan.entry.id, 'g1');
  });

  it('a preparation that showed nothing sends nothing, not what an earlier preparation of the same input showed', () => {
    const calls = new ConfirmedCalls();
    const input = { gistId: 'commit-message', values: recordOf<string>() };
    calls.add(input, shown('with the password'));
    // The next preparation begins, and finds nothing to show (a value is missing now).
    calls.begin(input);
    assert.equal(calls.take(input), undefined);
  });

  it('an invoke while its preparation is still being worked out sends nothing; a preparation replaced meanwhile records nothing', () => {
    const calls = new ConfirmedCalls();
    const input = { gistId: 'echo', values: recordOf<string>() };
    const slow = calls.begin(input);
    const fast = calls.begin(input);
    slow(shown('slow'));
    assert.equal(calls.take(input), undefined, 'the newer preparation has shown nothing yet');
    fast(shown('fast'));
    assert.equal(calls.take(input), undefined, 'taken once: nothing is left to send');
  });

  it('a destination is the profile, the service and the key header (in any case)', () => {
    assert.ok(sameDestination(destination, { ...destination, apiKeyHeader: 'service-api-key' }));
    assert.ok(!sameDestination(destination, { ...destination, profile: 'Home' }));
    assert.ok(!sameDestination(destination, { ...destination, baseUrl: 'https://other.example.com' }));
    assert.ok(!sameDestination(destination, { ...destination, apiKeyHeader: 'X-Key' }));
  });
});
