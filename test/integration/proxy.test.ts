// VS Code's proxy settings in real VS Code: a loopback service is always reached directly, so the
// key never reaches a proxy in clear text (item 14 of issue 13), whatever http.proxy, HTTP_PROXY or
// NO_PROXY say. Calls to other hosts through a proxy are tested on plain Node
// (test/unit/client/loopbackDirect.test.ts), since the harness's service is on loopback.
import { strict as assert } from 'node:assert';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxy, type ProxyServer } from 'proxy';
import * as vscode from 'vscode';
import { DEMO_KEY, generate, resetForTest, service, signedInApi } from './support';

const PROXY_ENV = ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY'] as const;

describe('Proxy settings', function () {
  let proxy: ProxyServer;
  let proxyUrl: string;
  let seen: string[];

  before(async function () {
    await signedInApi();
    proxy = createProxy(createServer());
    // A recording proxy: every CONNECT and every proxied request, with its headers.
    proxy.on('connect', (req: IncomingMessage) => seen.push(`CONNECT ${req.url ?? ''} ${JSON.stringify(req.headers)}`));
    proxy.on('request', (req: IncomingMessage) => seen.push(`${req.method ?? ''} ${req.url ?? ''} ${JSON.stringify(req.headers)}`));
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });

  beforeEach(async function () {
    seen = [];
    await resetForTest();
  });

  after(async function () {
    const http = vscode.workspace.getConfiguration('http');
    await http.update('proxy', undefined, vscode.ConfigurationTarget.Global);
    await http.update('noProxy', undefined, vscode.ConfigurationTarget.Global);
    await new Promise<void>((done) => proxy.close(() => done()));
  });

  it('with http.proxy set, calls to the loopback service go direct: the proxy receives nothing', async function () {
    const http = vscode.workspace.getConfiguration('http');
    await http.update('proxy', proxyUrl, vscode.ConfigurationTarget.Global);
    try {
      const result = await generate({ gistId: 'echo', variant: 'plain', values: { text: 'not via proxy' } });
      assert.equal(result?.content, 'not via proxy');
      assert.deepEqual(seen, []);
      assert.deepEqual((await service().calls()).map((call) => call.headers['service-api-key']), [DEMO_KEY]);
    } finally {
      await http.update('proxy', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('with HTTP_PROXY/HTTPS_PROXY and an unrelated NO_PROXY, calls still go direct', async function () {
    const saved = PROXY_ENV.map((name) => [name, process.env[name]] as const);
    // The extension host is this process: its client reads these when it makes its connections.
    process.env.HTTP_PROXY = proxyUrl;
    process.env.HTTPS_PROXY = proxyUrl;
    process.env.NO_PROXY = 'unrelated.example.com';
    const http = vscode.workspace.getConfiguration('http');
    try {
      // A proxy setting change makes the client open new connections, reading the environment again.
      await http.update('noProxy', [], vscode.ConfigurationTarget.Global);
      await http.update('noProxy', undefined, vscode.ConfigurationTarget.Global);
      const result = await generate({ gistId: 'echo', variant: 'plain', values: { text: 'env proxy ignored' } });
      assert.equal(result?.content, 'env proxy ignored');
      assert.deepEqual(seen, []);
    } finally {
      for (const [name, value] of saved) {
        if (value === undefined) {
          delete process.env[name];
        } else {
          process.env[name] = value;
        }
      }
      await http.update('noProxy', [], vscode.ConfigurationTarget.Global);
      await http.update('noProxy', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
