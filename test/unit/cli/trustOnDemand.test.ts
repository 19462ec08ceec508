// gist-check makes the TLS trust (the OS store's CAs read and parsed: 50–100 ms of a CI run's
// start) only when a call needs TLS: a run against an http:// loopback service never makes it,
// one against an https:// service makes it once and verifies the service with it.
import { strict as assert } from 'node:assert';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tls from 'node:tls';
import { runCheckCommand } from '../../../src/cli/checkCommand';
import { GistClient } from '../../../src/client/gistClient';
import { proxyDispatcherFactory } from '../../../src/client/proxy';
import { trustOnFirstTls } from '../../../src/client/trust';
import { startService, type RunningService } from '../../../tools/service/index';
import { makeTestCa, type TestCa } from '../support/testCa';

const TEST_FILE = JSON.stringify({ gist: 'welcome-email', variants: ['formal', 'friendly'], tests: [{ vars: { name: 'Ada', product: 'Loom' }, assert: [{ type: 'icontains', value: 'ada' }] }] });

describe('gist-check makes the TLS trust only for https', function () {
  let folder: string;
  let ca: TestCa;
  let plain: RunningService;
  let secure: RunningService;

  before(async function () {
    folder = await mkdtemp(path.join(os.tmpdir(), 'gist-check-trust-'));
    await writeFile(path.join(folder, 'a.gisttest.json'), TEST_FILE);
    ca = makeTestCa();
    plain = await startService({});
    secure = await startService({ tls: { key: ca.serverKey, cert: ca.serverCert } });
  });
  after(async function () {
    await plain.close();
    await secure.close();
    ca.dispose();
    await rm(folder, { recursive: true, force: true });
  });

  /** gist-check on the test file against `baseUrl`, the OS store replaced by `cas`: its exit code, output, and how often the store was read. */
  async function run(baseUrl: string, cas: string[]): Promise<{ code: number; output: string; storeReads: number }> {
    let storeReads = 0;
    let output = '';
    const code = await runCheckCommand({
      argv: ['a.gisttest.json', '--base-url', baseUrl, '--max-retries', '0'],
      env: { GIST_API_KEY: 'gk_demo_ada' },
      cwd: folder,
      out: (text) => void (output += text),
      err: (text) => void (output += text),
      version: 'test',
      systemCas: () => {
        storeReads += 1;
        return cas;
      },
    });
    return { code, output, storeReads };
  }

  it('an http:// loopback run never makes it', async function () {
    const { code, output, storeReads } = await run(plain.url, [...tls.rootCertificates]);
    assert.equal(code, 0, output);
    assert.equal(plain.calls().length, 2);
    assert.equal(storeReads, 0, 'the trust store was read for a run that makes no TLS connection');
  });

  it('an https:// run makes it once and trusts what it holds', async function () {
    const trusted = await run(secure.url, [...tls.rootCertificates, ca.caCert]);
    assert.equal(trusted.code, 0, trusted.output);
    assert.equal(trusted.storeReads, 1);
    const untrusted = await run(secure.url, [...tls.rootCertificates]);
    assert.equal(untrusted.code, 2, untrusted.output);
    assert.match(untrusted.output, /TLS|certificate/i);
    assert.equal(untrusted.storeReads, 1);
  });
});

describe('trustOnFirstTls', function () {
  let service: RunningService;
  let client: GistClient | undefined;
  const settings = (baseUrl: string) => ({ baseUrl, apiKeyHeader: 'SERVICE-API-KEY', apiKey: 'gk_demo_ada', timeoutMs: 5000 });

  before(async function () {
    service = await startService({});
  });
  after(async function () {
    await service.close();
  });
  afterEach(async function () {
    await client?.dispose();
    client = undefined;
  });

  it('an unusable proxy URL fails each https call with a configuration error, and leaves a local http service alone', async function () {
    let made = 0;
    const unusable = proxyDispatcherFactory({ proxyUrl: 'socks5://u:pw@proxy:1080' });
    client = new GistClient({ meRetryDelaysMs: [], dispatcherFactory: trustOnFirstTls((undici) => (made++, unusable(undici))) });
    for (let attempt = 0; attempt < 2; attempt++) {
      const error: { kind: string; message: string } = await client.me(settings('https://gists.example.invalid')).then(
        () => assert.fail('the call succeeded'),
        (failure: unknown) => failure as { kind: string; message: string },
      );
      assert.equal(error.kind, 'configuration');
      assert.ok(!error.message.includes('pw'));
    }
    assert.equal(made, 2, 'tried again on the next call');
    assert.equal((await client.me(settings(service.url))).id, 'u_ada');
    assert.equal(service.calls().length, 1);
  });
});
