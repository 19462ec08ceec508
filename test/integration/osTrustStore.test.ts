// A company CA installed in the operating system's trust store, and nowhere else: VS Code trusts
// it (http.systemCertificates, on by default), so the extension must too. Runs only in
// `npm run test:integration:os-ca`, whose harness serves the service over https with a
// certificate from a test CA it put in the OS store before starting VS Code, and starts VS Code
// without NODE_EXTRA_CA_CERTS; in the ordinary run it skips itself.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as tls from 'node:tls';
import * as vscode from 'vscode';
import { extensionApi, generate, nextOutcome, serviceUrl, signIn, type TestedApi } from './support';

/** The base64 body of a PEM certificate, to compare certificates whatever their line endings. */
const pemBody = (pem: string): string => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

/** How Node's own default CAs (no OS store) judge the service's certificate. */
function defaultTrust(url: URL): Promise<{ authorized: boolean; error: string | undefined }> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: url.hostname, port: Number(url.port), servername: url.hostname, rejectUnauthorized: false }, () => {
      // A code such as UNABLE_TO_VERIFY_LEAF_SIGNATURE, though typed as an Error.
      resolve({ authorized: socket.authorized, error: socket.authorizationError === null ? undefined : String(socket.authorizationError) });
      socket.destroy();
    });
    socket.once('error', reject);
  });
}

describe('@os-ca A CA in the OS trust store only', function () {
  let api: TestedApi;
  let caCert: string;

  before(async function () {
    const caFile = process.env.GIST_TEST_OS_CA_FILE;
    if (caFile === undefined) {
      this.skip();
    }
    caCert = readFileSync(caFile, 'utf8');
    api = await extensionApi();
  });

  after(async function () {
    await vscode.workspace.getConfiguration('http').update('systemCertificates', undefined, vscode.ConfigurationTarget.Global);
  });

  it('is not among the CAs Node trusts by default, and is in the OS store as Node reads it', async function () {
    assert.equal(process.env.NODE_EXTRA_CA_CERTS, undefined);
    const url = new URL(serviceUrl());
    assert.equal(url.protocol, 'https:');
    const trust = await defaultTrust(url);
    assert.equal(trust.authorized, false, 'the control: without the OS store the certificate is not trusted');
    assert.match(trust.error ?? '', /^UNABLE_TO_(VERIFY_LEAF_SIGNATURE|GET_ISSUER_CERT)/);
    // Node 22.15 and later read the OS store on demand; VS Code uses it (http.systemCertificatesNode).
    const getCACertificates = (tls as { getCACertificates?: (kind: string) => string[] }).getCACertificates;
    if (getCACertificates !== undefined) {
      assert.ok(getCACertificates('system').some((pem) => pemBody(pem) === pemBody(caCert)));
      assert.ok(!getCACertificates('default').some((pem) => pemBody(pem) === pemBody(caCert)));
    }
  });

  it('signs in and generates over https: the OS CA is trusted, as VS Code trusts it', async function () {
    await signIn(api);
    const result = await generate({ gistId: 'echo', variant: 'plain', values: { text: 'through the company CA' } });
    assert.equal(result?.content, 'through the company CA');
  });

  it('with http.systemCertificates off, the certificate is refused, as VS Code then refuses it', async function () {
    assert.equal(api.state().status.kind, 'signedIn', 'signed in by the previous test');
    const http = vscode.workspace.getConfiguration('http');
    await http.update('systemCertificates', false, vscode.ConfigurationTarget.Global);
    try {
      const outcome = nextOutcome(api);
      assert.equal(await generate({ gistId: 'echo', variant: 'plain', values: { text: 'refused' } }), undefined);
      const { error } = await outcome;
      assert.equal(error?.kind, 'network', error?.message);
      assert.match(error?.message ?? '', /is not trusted/);
    } finally {
      await http.update('systemCertificates', undefined, vscode.ConfigurationTarget.Global);
    }
    const result = await generate({ gistId: 'echo', variant: 'plain', values: { text: 'trusted again' } });
    assert.equal(result?.content, 'trusted again');
  });
});
