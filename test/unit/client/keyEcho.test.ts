// A service that echoes the API key back (in an error, a profile field, a call id or the content)
// never gets it shown, logged or returned: the client redacts it where the text enters
// (issue 13, item 5). Against the real local service, whose faults apply before the key check.
import { strict as assert } from 'node:assert';
import { describeError } from '../../../src/client/describe';
import { diagnose } from '../../../src/diagnostics/diagnose';
import { formatReport } from '../../../src/diagnostics/report';
import { ADA_KEY, failure, useClientFixture } from './clientFixture';

/** A key with the characters JSON escapes, so its escaped forms are checked too. */
const AWKWARD_KEY = 'gk_"quote\\slash';
const echo = { gistId: 'echo', variant: 'plain', values: { text: 'hello' } };

function assertNoKey(where: string, text: string, key: string): void {
  for (const form of [key, JSON.stringify(key).slice(1, -1)]) {
    assert.ok(!text.includes(form), `the key is in ${where}: ${text}`);
  }
}

describe('GistClient: a key echoed by the service', function () {
  const f = useClientFixture();

  for (const key of [ADA_KEY, AWKWARD_KEY]) {
    describe(`key ${JSON.stringify(key)}`, function () {
      it('a 401 whose error text repeats the key: message, service error and log line are redacted', async function () {
        f.service.injectFaults({ path: '/v1/me', status: 401, error: `Key ${key} is suspended` }, 3);
        const err = await failure(f.client.me(f.settings({ apiKey: key })));
        assert.equal(err.kind, 'authentication');
        assert.match(err.message, /Key \*\*\* is suspended/);
        assertNoKey('the message', err.message, key);
        assertNoKey('the service error', err.serviceError ?? '', key);
        assertNoKey('the log line', describeError(err), key);
      });

      it('a key where the message is cut leaves no part of it', async function () {
        f.service.injectFaults({ path: '/v1/generate', status: 500, error: `${'x'.repeat(290)} ${key} is suspended` });
        const err = await failure(f.client.generate(f.settings({ apiKey: key }), echo));
        assert.ok(!err.message.includes(key.slice(0, 5)), err.message);
      });

      it('a failed generate with the key in its error and call id', async function () {
        f.service.injectFaults({ path: '/v1/generate', status: 500, error: `quota of ${key} used up`, data: { id: `call-${key}` } });
        const err = await failure(f.client.generate(f.settings({ apiKey: key }), echo));
        assert.equal(err.callId, 'call-***');
        assertNoKey('the message', err.message, key);
        assertNoKey('the service error', err.serviceError ?? '', key);
        assertNoKey('the log line', describeError(err), key);
      });

      it('a profile with the key in its name, e-mail, company and id', async function () {
        f.service.injectFaults({ path: '/v1/me', status: 200, error: null, data: { id: key, name: `Ada ${key}`, email: `${key}@example.com`, company_id: `c_${key}` } });
        const user = await f.client.me(f.settings({ apiKey: key }));
        assert.deepEqual(user, { id: '***', name: 'Ada ***', email: '***@example.com', company_id: 'c_***' });
      });

      it('a generation whose call id and content carry the key', async function () {
        f.service.injectFaults({ path: '/v1/generate', status: 200, error: null, data: { id: `id-${key}`, content: `Your key is ${key}.` } });
        const result = await f.client.generate(f.settings({ apiKey: key }), echo);
        assert.deepEqual(result, { id: 'id-***', content: 'Your key is ***.' });
      });

      it('the connection diagnosis: the failure and the signed-in user', async function () {
        const input = { baseUrl: f.service.url, apiKeyHeader: 'SERVICE-API-KEY', apiKey: key, timeoutMs: 5000, proxy: { strictSSL: true }, env: {} };
        f.service.injectFaults({ path: '/v1/me', status: 401, error: `Key ${key} is suspended` });
        const failed = await diagnose(input);
        assert.equal(failed.outcome, 'failed');
        assertNoKey('the failed report', JSON.stringify(failed) + formatReport(failed).join('\n'), key);
        f.service.injectFaults({ path: '/v1/me', status: 200, error: null, data: { id: 'u', name: `Ada ${key}`, email: 'a@e', company_id: 'c' } });
        const ok = await diagnose(input);
        assert.equal(ok.outcome, 'ok');
        assert.equal(ok.user?.name, 'Ada ***');
        assertNoKey('the report', JSON.stringify(ok) + formatReport(ok).join('\n'), key);
      });
    });
  }
});
