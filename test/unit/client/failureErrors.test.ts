// Low-level failures (as Node and undici report them) map to typed errors. Pure: no I/O here; the
// same paths run for real in errors.test.ts and tls.test.ts.
import { strict as assert } from 'node:assert';
import { describeError } from '../../../src/client/describe';
import { errorFromFailure, type FailureContext } from '../../../src/client/failureErrors';

const context: FailureContext = { host: 'gists.example.com', timeoutMs: 2500 };

function systemError(code: string, message = code): Error {
  return Object.assign(new Error(message), { code });
}

describe('errorFromFailure', function () {
  const cases: Array<[string, unknown, Partial<FailureContext>, string, string, RegExp]> = [
    ['refused, inside an AggregateError', new AggregateError([systemError('ECONNREFUSED'), systemError('ECONNREFUSED')]), {}, 'network', 'retry', /refused the connection/],
    ['DNS, as a cause', Object.assign(new Error('fetch failed'), { cause: systemError('ENOTFOUND') }), {}, 'network', 'setBaseUrl', /could not be found \(DNS\)/],
    ['DNS try again', systemError('EAI_AGAIN'), {}, 'network', 'setBaseUrl', /DNS/],
    ['expired certificate', systemError('CERT_HAS_EXPIRED'), {}, 'network', 'retry', /NODE_EXTRA_CA_CERTS/],
    ['wrong host name', systemError('ERR_TLS_CERT_ALTNAME_INVALID'), {}, 'network', 'retry', /not trusted/],
    ['reset', systemError('ECONNRESET'), {}, 'network', 'retry', /closed before the answer was complete/],
    ['reset during the body stays a network error', systemError('ECONNRESET'), { body: { status: 200, receivedBytes: 10 } }, 'network', 'retry', /closed before/],
    ['closed early during the body', systemError('UND_ERR_SOCKET', 'other side closed'), { body: { status: 200, receivedBytes: 60, expectedBytes: 121 } }, 'malformedResponse', 'openLog', /cut short after 60 of 121 bytes/],
    ['headers timeout', systemError('UND_ERR_HEADERS_TIMEOUT'), {}, 'timeout', 'retry', /within 2\.5 seconds/],
    ['our deadline', new DOMException('aborted', 'AbortError'), { aborted: 'timeout' }, 'timeout', 'retry', /gist\.requestTimeoutSeconds/],
    ['the caller’s abort wins over a timeout code', systemError('UND_ERR_BODY_TIMEOUT'), { aborted: 'cancelled' }, 'cancelled', 'none', /cancelled/],
    ['something else', new Error('strange\nthing'), {}, 'network', 'retry', /failed \(strange thing\)/],
  ];
  for (const [name, error, extra, kind, remedy, message] of cases) {
    it(`${name} → ${kind}`, function () {
      const err = errorFromFailure(error, { ...context, ...extra });
      assert.equal(err.kind, kind);
      assert.equal(err.remedy, remedy);
      assert.match(err.message, message);
      assert.equal(err.details.cause, error);
      assert.ok(!describeError(err).includes('\n'));
    });
  }

  it('never repeats the key, even when a low-level error quotes it', function () {
    const err = errorFromFailure(new Error('invalid header value gk_secret_123'), { ...context, secret: 'gk_secret_123' });
    assert.ok(!err.message.includes('gk_secret_123'), err.message);
    assert.ok(!describeError(err).includes('gk_secret_123'));
  });

  it('lists the codes of the cause in the log line', function () {
    const err = errorFromFailure(new AggregateError([systemError('ECONNREFUSED'), systemError('ENETUNREACH')]), context);
    assert.match(describeError(err), /cause ECONNREFUSED\/ENETUNREACH/);
  });
});
