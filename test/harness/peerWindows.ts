// A second window for the integration suite, opened on demand: another workbench page on the same
// VS Code server, in the same browser profile, so the two share what two windows of one VS Code
// profile share (global state, SecretStorage, the extensions' global storage folder), each with its
// own extension host. The page runs test/integration/peer/peerMain.js as its extension tests,
// which serves a few verbs over loopback HTTP; the suite reaches it through this host:
//
//   POST {GIST_TEST_PEER_HOST}/open   → opens the page, answers {url} once its extension host serves
//   POST {GIST_TEST_PEER_HOST}/close  → closes it
//   POST {GIST_TEST_PEER_HOST}/ready  ← the peer's extension host, with {url}
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { REPO_ROOT } from '../../tools/vscodeServer/paths';

/** The extension tests the second window runs: its side of the verbs. */
export const PEER_ENTRY = path.join(REPO_ROOT, 'out', 'test', 'integration', 'peer', 'peerMain.js');
/** The env variable that tells the extension hosts where this host listens. */
export const PEER_HOST_ENV = 'GIST_TEST_PEER_HOST';
/** Opening a workbench page and starting its extension host takes a few seconds; on a loaded machine, more. */
const OPEN_LIMIT_MS = 120_000;

export interface PeerHost {
  readonly url: string;
  /** Where pages open, once the browser is there; `pageUrl` is the peer workbench's URL. */
  attach(context: BrowserContext, pageUrl: string, consoleLog: (line: string) => void): void;
  close(): Promise<void>;
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startPeerHost(log: (line: string) => void): Promise<PeerHost> {
  let target: { context: BrowserContext; pageUrl: string; consoleLog: (line: string) => void } | undefined;
  let page: Page | undefined;
  let ready: ((url: string) => void) | undefined;

  const closePage = async (): Promise<void> => {
    const open = page;
    page = undefined;
    await open?.close().catch(() => undefined);
  };

  const open = async (): Promise<string> => {
    if (target === undefined) {
      throw new Error('the browser is not open yet');
    }
    await closePage();
    const reported = new Promise<string>((resolve, reject) => {
      ready = resolve;
      setTimeout(() => reject(new Error(`the second window did not start within ${OPEN_LIMIT_MS / 1000} s`)), OPEN_LIMIT_MS).unref();
    });
    const { consoleLog } = target;
    page = await target.context.newPage();
    page.on('console', (message) => consoleLog(`[second window ${message.type()}] ${message.text()}`));
    page.on('pageerror', (error) => consoleLog(`[second window pageerror] ${error.message}`));
    await page.goto(target.pageUrl);
    const url = await reported;
    log(`second window open; its extension host serves at ${url}`);
    return url;
  };

  const server = http.createServer((request, response) => {
    const answer = (status: number, body: unknown): void => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    void (async () => {
      try {
        if (request.method === 'POST' && request.url === '/open') {
          answer(200, { url: await open() });
        } else if (request.method === 'POST' && request.url === '/ready') {
          const { url } = JSON.parse(await readBody(request)) as { url?: unknown };
          if (typeof url !== 'string') throw new Error('ready without a url');
          ready?.(url);
          answer(200, {});
        } else if (request.method === 'POST' && request.url === '/close') {
          await closePage();
          answer(200, {});
        } else {
          answer(404, { error: `no ${request.method} ${request.url}` });
        }
      } catch (error) {
        answer(500, { error: error instanceof Error ? error.message : String(error) });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    attach: (context, pageUrl, consoleLog) => {
      target = { context, pageUrl, consoleLog };
    },
    close: async () => {
      await closePage();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
