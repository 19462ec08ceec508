// The second window's side (its extension tests, run by the harness's second page): serves a few
// verbs over loopback HTTP for the suite in the first window, and tells the harness where. It runs
// no tests of its own and never finishes: the harness closes the page.
//
//   POST {url}/command {id, args}  → the command's result
//   POST {url}/history             → this window's history, as api.history() gives it
//   POST {url}/historySettled      → once this window's history writes have landed
//   POST {url}/clearHistory        → Clear Call History, as after the user said Clear
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { extensionApi } from '../support';

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function run(): Promise<void> {
  const host = process.env.GIST_TEST_PEER_HOST;
  if (host === undefined) {
    throw new Error('GIST_TEST_PEER_HOST is set by the harness');
  }
  const api = await extensionApi();
  const verbs: Record<string, (args: Record<string, unknown>) => Promise<unknown>> = {
    command: async ({ id, args }) => vscode.commands.executeCommand(String(id), ...(Array.isArray(args) ? (args as unknown[]) : [])),
    history: () => Promise.resolve(api.history()),
    historySettled: () => api.testing.historySettled(),
    clearHistory: () => api.testing.clearHistory(),
  };
  const server = http.createServer((request, response) => {
    void (async () => {
      try {
        const verb = verbs[(request.url ?? '').slice(1)];
        if (request.method !== 'POST' || verb === undefined) {
          throw new Error(`no verb ${request.method} ${request.url}`);
        }
        const body = await readBody(request);
        const value = await verb(body === '' ? {} : (JSON.parse(body) as Record<string, unknown>));
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ value: value ?? null }));
      } catch (error) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await fetch(`${host}/ready`, { method: 'POST', body: JSON.stringify({ url: `http://127.0.0.1:${port}` }) });
  // Served until the harness closes this window.
  await new Promise<never>(() => undefined);
}
