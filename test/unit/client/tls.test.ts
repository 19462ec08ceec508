// TLS failures are network errors that say what to do; a trusted certificate works. The key pair in
// fixtures/ is a throwaway self-signed one for 127.0.0.1, made for this test only.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { Agent } from 'undici';
import { GistClient } from '../../../src/client/gistClient';
import { proxyDispatcherFactory } from '../../../src/client/proxy';
import { startService, type RunningService } from '../../../tools/service/index';
import { ADA_KEY, failure } from './clientFixture';

// Compiled tests run from out/test/unit/client; the fixtures stay in the source tree.
const fixtures = resolve(__dirname, '../../../../test/unit/client/fixtures');
const cert = readFileSync(resolve(fixtures, 'selfSigned.crt'), 'utf8');
const key = readFileSync(resolve(fixtures, 'selfSigned.key'), 'utf8');

const ada = { id: 'u_ada', name: 'Ada Lovelace', email: 'ada@example.com', company_id: 'c_analytical' };

describe('GistClient over TLS', function () {
  let server: Server;
  let baseUrl: string;
  let plain: RunningService;
  let client: GistClient;
  const settings = (url: string) => ({ baseUrl: url, apiKeyHeader: 'SERVICE-API-KEY', apiKey: ADA_KEY, timeoutMs: 5000 });

  before(async function () {
    server = createServer({ cert, key }, (req, res) => {
      const known = req.headers['service-api-key'] === ADA_KEY;
      res.writeHead(known ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(known ? { error: null, data: ada } : { error: 'Unknown API key.', data: null }));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    plain = await startService();
  });
  after(async function () {
    await new Promise<void>((done) => server.close(() => done()));
    await plain.close();
  });
  beforeEach(function () {
    client = new GistClient({ meRetryDelaysMs: [] });
  });
  afterEach(async function () {
    await client.dispose();
  });

  it('an untrusted certificate → network error naming NODE_EXTRA_CA_CERTS and http.proxyStrictSSL', async function () {
    const err = await failure(client.me(settings(baseUrl)));
    assert.equal(err.kind, 'network');
    assert.equal(err.remedy, 'retry');
    assert.match(err.message, /certificate of 127\.0\.0\.1:\d+ is not trusted \(DEPTH_ZERO_SELF_SIGNED_CERT\)/);
    assert.match(err.message, /NODE_EXTRA_CA_CERTS/);
    assert.match(err.message, /http\.proxyStrictSSL/);
  });

  it('https:// to a plain HTTP port → a TLS network error', async function () {
    const err = await failure(client.me(settings(plain.url.replace('http:', 'https:'))));
    assert.equal(err.kind, 'network');
    assert.match(err.message, /secure connection .* could not be made/);
  });

  it('trusts the certificate through a dispatcherFactory, and the key still arrives', async function () {
    let made = 0;
    const trusting = new GistClient({
      dispatcherFactory: () => {
        made++;
        return new Agent({ connect: { ca: cert } });
      },
    });
    try {
      assert.deepEqual(await trusting.me(settings(baseUrl)), ada);
      assert.deepEqual(await trusting.me(settings(baseUrl)), ada);
      assert.equal(made, 1, 'one dispatcher shared by all calls');
    } finally {
      await trusting.dispose();
    }
    assert.equal(made, 1);
  });

  it('http.proxyStrictSSL false accepts the unverified certificate; true (the default) refuses it', async function () {
    for (const [strictSSL, trusted] of [[false, true], [true, false], [undefined, false]] as const) {
      const choosing = new GistClient({ meRetryDelaysMs: [], dispatcherFactory: proxyDispatcherFactory({ strictSSL }) });
      try {
        if (trusted) {
          assert.deepEqual(await choosing.me(settings(baseUrl)), ada);
        } else {
          assert.match((await failure(choosing.me(settings(baseUrl)))).message, /is not trusted/);
        }
      } finally {
        await choosing.dispose();
      }
    }
  });
});
