// Property-based tests: whatever the service sends, the parser and the error mapping only ever
// produce a valid result or a typed GistError, and a failed call never yields content.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { parseGeneration, parseMe } from '../../../src/client/envelope';
import { isGistError } from '../../../src/client/errors';
import { errorFromFailure } from '../../../src/client/failureErrors';
import { errorFromResponse, type CallTarget } from '../../../src/client/responseErrors';

const RUNS = 10_000;

/** JSON bodies near the envelope's shape, plus arbitrary text. */
const body = fc.oneof(
  fc.string(),
  fc.json(),
  fc.record({ error: fc.oneof(fc.constant(null), fc.string(), fc.integer(), fc.boolean()), data: fc.anything() }).map((value) => JSON.stringify(value)),
  fc
    .record({
      error: fc.oneof(fc.constant(null), fc.string()),
      data: fc.oneof(fc.constant(null), fc.record({ id: fc.oneof(fc.string(), fc.integer()), content: fc.oneof(fc.string(), fc.constant(null)) }, { requiredKeys: [] })),
    })
    .map((value) => JSON.stringify(value)),
);
const status = fc.oneof(fc.integer({ min: 100, max: 599 }), fc.constantFrom(200, 400, 401, 403, 404, 408, 429, 500, 502, 503));
const target: fc.Arbitrary<CallTarget> = fc.oneof(
  fc.constant<CallTarget>({ kind: 'me' }),
  fc.record({ kind: fc.constant('generate' as const), gistId: fc.string(), variant: fc.option(fc.string(), { nil: undefined }) }),
);

/** The client's own decision for a response: a parsed result, or a thrown GistError. */
function accept(statusCode: number, text: string, callTarget: CallTarget, headers: Record<string, string>): unknown {
  return callTarget.kind === 'me' ? parseMe(statusCode, headers, text) : parseGeneration(statusCode, headers, text, { gistId: 'fuzz' });
}

describe('fuzzing the envelope parser and error mapping', function () {
  this.timeout(120_000);

  it(`never throws anything but a GistError, and never yields content from a failure (${RUNS} runs)`, function () {
    fc.assert(
      fc.property(status, body, target, fc.option(fc.string(), { nil: undefined }), (statusCode, text, callTarget, retryAfter) => {
        let outcome: unknown;
        try {
          outcome = accept(statusCode, text, callTarget, retryAfter === undefined ? {} : { 'retry-after': retryAfter });
        } catch (error) {
          assert.ok(isGistError(error), `unexpected ${String(error)}`);
          assert.ok(!error.message.includes('\n'));
          assert.equal((error as unknown as { content?: unknown }).content, undefined);
          return;
        }
        // A success only from a 2xx status, `error: null` and data of the right types.
        if (typeof outcome === 'object' && outcome !== null && 'content' in outcome) {
          const parsed = JSON.parse(text) as { error: unknown; data: { id: unknown; content: unknown } };
          assert.ok(statusCode >= 200 && statusCode < 300);
          assert.equal(parsed.error, null);
          assert.equal(typeof parsed.data.content, 'string');
          assert.equal(typeof parsed.data.id, 'string');
        }
        const rateLimited = errorFromResponse(callTarget, { status: 429, body: text, retryAfter });
        assert.equal(rateLimited.kind, 'rateLimited');
      }),
      { numRuns: RUNS },
    );
  });

  it(`maps any thrown value to a typed error (${RUNS} runs)`, function () {
    fc.assert(
      fc.property(fc.anything(), fc.constantFrom(undefined, 'cancelled' as const, 'timeout' as const), (cause, aborted) => {
        const error = errorFromFailure(cause, { host: 'h', timeoutMs: 1000, aborted });
        assert.ok(isGistError(error));
        if (aborted !== undefined && !isGistError(cause)) {
          assert.equal(error.kind, aborted);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('maps thrown values that String() cannot convert (counterexamples fuzzing found)', function () {
    for (const cause of [{ toString: '' }, Object.create(null) as object, { [Symbol.toPrimitive]: () => { throw new Error('no'); } }]) {
      const error = errorFromFailure(cause, { host: 'h', timeoutMs: 1000, aborted: undefined });
      assert.ok(isGistError(error));
      assert.equal(error.kind, 'network');
    }
  });

  it('a thrown value whose String() throws is still a typed error (seed 351811479 found it)', function () {
    const error = errorFromFailure({ toString: [] }, { host: 'h', timeoutMs: 1000 });
    assert.equal(error.kind, 'network');
    assert.match(error.message, /\[object Object\]/);
  });
});
