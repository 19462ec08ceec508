// Client options and the settings check that runs before anything is sent.
import { strict as assert } from 'node:assert';
import { Agent } from 'undici';
import { GistClient } from '../../../src/client/gistClient';
import { ADA_KEY, failure, useClientFixture } from './clientFixture';

describe('GistClient options and settings', function () {
  const f = useClientFixture();

  it('sends Accept, a User-Agent and Content-Type on GET too', async function () {
    const client = new GistClient({ userAgent: 'gist-generate-vscode/9.9.9' });
    try {
      await client.me(f.settings());
    } finally {
      await client.dispose();
    }
    const headers = f.service.calls()[0]?.headers ?? {};
    assert.equal(headers['user-agent'], 'gist-generate-vscode/9.9.9');
    assert.equal(headers.accept, 'application/json');
    assert.equal(headers['content-type'], 'application/json');
  });

  it('accepts a base URL with a trailing /v1 or slashes when called directly', async function () {
    const user = await f.client.me(f.settings({ baseUrl: `${f.service.url}/v1/` }));
    assert.equal(user.id, 'u_ada');
    assert.equal(f.service.calls()[0]?.path, '/v1/me');
  });

  it('uses the dispatcherFactory once, closes it on dispose, and makes a new one after', async function () {
    const made: Agent[] = [];
    const client = new GistClient({
      dispatcherFactory: () => {
        const agent = new Agent();
        made.push(agent);
        return agent;
      },
    });
    await client.me(f.settings());
    await client.generate(f.settings(), { gistId: 'echo', variant: 'plain', values: { text: 'a' } });
    assert.equal(made.length, 1);
    await client.dispose();
    assert.equal(made[0]?.closed, true);
    await client.me(f.settings());
    assert.equal(made.length, 2);
    await client.dispose();
  });

  const refused: Array<[string, object, string, RegExp]> = [
    ['an http:// base URL off this machine', { baseUrl: 'http://gists.example.com' }, 'setBaseUrl', /clear text/],
    ['a base URL with a query', { baseUrl: 'https://gists.example.com/?k=1' }, 'setBaseUrl', /query/],
    ['an empty key', { apiKey: '  ' }, 'setApiKey', /Enter an API key/],
    ['a key with a line break', { apiKey: `${ADA_KEY}\nX-Injected: 1` }, 'setApiKey', /control character/],
    ['a header name with a colon', { apiKeyHeader: 'X-Key: a' }, 'openSettings', /cannot be an HTTP header name/],
    ['a header the client sets itself', { apiKeyHeader: 'Content-Type' }, 'openSettings', /sets itself/],
  ];
  for (const [name, overrides, remedy, reason] of refused) {
    it(`refuses ${name} before sending anything`, async function () {
      const err = await failure(f.client.generate(f.settings(overrides), { gistId: 'echo', variant: 'plain', values: { text: 'a' } }));
      assert.equal(err.kind, 'configuration');
      assert.equal(err.remedy, remedy);
      assert.match(err.message, reason);
      assert.ok(!err.message.includes(ADA_KEY));
      const meErr = await failure(f.client.me(f.settings(overrides)));
      assert.equal(meErr.kind, 'configuration');
      assert.equal(f.service.calls().length, 0);
    });
  }

  it('cancelling while /v1/me waits to retry stops it, with no further attempt', async function () {
    const client = new GistClient({ meRetryDelaysMs: [60_000] });
    try {
      f.service.injectFaults({ path: '/v1/me', status: 503, error: 'warming up' }, 5);
      const abort = new AbortController();
      const pending = failure(client.me(f.settings(), abort.signal));
      while (f.service.calls().length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      abort.abort();
      assert.equal((await pending).kind, 'cancelled');
      assert.equal(f.service.calls().length, 1);
    } finally {
      await client.dispose();
    }
  });
});
