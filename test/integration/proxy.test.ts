// VS Code's http.proxy and http.noProxy settings route the extension's calls, in real VS Code.
import { strict as assert } from 'node:assert';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxy, type ProxyServer } from 'proxy';
import * as vscode from 'vscode';
import { extensionApi, generate, signIn } from './support';

describe('Proxy settings', function () {
  let proxy: ProxyServer;
  let seen: string[];

  before(async function () {
    await signIn(await extensionApi());
    proxy = createProxy(createServer());
    proxy.on('connect', (req: IncomingMessage) => seen.push(req.url ?? ''));
    proxy.on('request', (req: IncomingMessage) => seen.push(req.url ?? ''));
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  });

  beforeEach(function () {
    seen = [];
  });

  after(async function () {
    const http = vscode.workspace.getConfiguration('http');
    await http.update('proxy', undefined, vscode.ConfigurationTarget.Global);
    await http.update('noProxy', undefined, vscode.ConfigurationTarget.Global);
    await new Promise<void>((done) => proxy.close(() => done()));
  });

  it('sends calls through http.proxy, and straight to hosts in http.noProxy', async function () {
    const http = vscode.workspace.getConfiguration('http');
    await http.update('proxy', `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, vscode.ConfigurationTarget.Global);
    const proxied = await generate({ gistId: 'echo', variant: 'plain', values: { text: 'via proxy' } });
    assert.equal(proxied?.content, 'via proxy');
    assert.ok(seen.some((url) => url.includes('/v1/generate/echo/plain') || url.startsWith('127.0.0.1:')), JSON.stringify(seen));

    seen = [];
    await http.update('noProxy', ['127.0.0.1'], vscode.ConfigurationTarget.Global);
    const direct = await generate({ gistId: 'echo', variant: 'plain', values: { text: 'direct' } });
    assert.equal(direct?.content, 'direct');
    assert.deepEqual(seen, []);
  });
});
