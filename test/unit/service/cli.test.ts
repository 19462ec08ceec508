// `npm run service`: the CLI prints its URL and demo details, serves the spec, and stops cleanly on a signal.
import * as assert from 'node:assert/strict';
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

const CLI = join(__dirname, '../../../tools/service/cli.js');

interface RunningCli {
  child: ChildProcessWithoutNullStreams;
  url: string;
  /** Everything printed to stdout so far. */
  output(): string;
}

/** Starts the CLI and resolves once it printed `Gist service listening at <url>`. */
async function startCli(args: string[], env: Record<string, string> = {}): Promise<RunningCli> {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      const match = /^Gist service listening at (http:\/\/\S+)$/m.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`CLI exited with ${code}: ${stderr}`)));
  });
  return { child, url, output: () => stdout };
}

async function stop(cli: RunningCli, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (cli.child.exitCode !== null) return cli.child.exitCode;
  const exited = once(cli.child, 'exit');
  cli.child.kill(signal);
  const [code] = (await exited) as [number | null];
  return code;
}

describe('service CLI', () => {
  it('prints the URL, demo keys, gists and a curl example, then serves /v1', async () => {
    const cli = await startCli(['--port', '0', '--seed', '5']);
    try {
      assert.match(cli.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      await new Promise<void>((resolve) => (cli.output().includes('Ctrl+C') ? resolve() : cli.child.stdout.once('data', () => resolve())));
      const banner = cli.output();
      assert.match(banner, /gk_demo_ada/);
      assert.match(banner, /welcome-email\s+variables: name, product\s+variants: formal \(60\), friendly \(30\), short \(10\)/);
      assert.match(banner, /curl -s -H 'SERVICE-API-KEY: gk_demo_ada' http:\/\/127\.0\.0\.1:\d+\/v1\/me/);

      const me = await fetch(`${cli.url}/v1/me`, { headers: { 'SERVICE-API-KEY': 'gk_demo_ada' } });
      assert.equal(me.status, 200);
      assert.deepEqual(((await me.json()) as { data: { id: string } }).data.id, 'u_ada');
      const control = await fetch(`${cli.url}/_control/stats`);
      assert.equal(control.status, 404, 'the control surface is off by default');
    } finally {
      assert.equal(await stop(cli), 0);
    }
  });

  it('logs one line per request without the API key, and exits 0 on Ctrl+C (SIGINT)', async () => {
    const cli = await startCli(['--port', '0']);
    try {
      const before = cli.output().length;
      await (await fetch(`${cli.url}/v1/me`, { headers: { 'SERVICE-API-KEY': 'gk_demo_grace' } })).text();
      while (!cli.output().slice(before).includes('/v1/me')) await once(cli.child.stdout, 'data');
      const log = cli.output().slice(before);
      assert.match(log, /GET \/v1\/me -> 200/);
      assert.doesNotMatch(log, /gk_demo_grace/);
    } finally {
      assert.equal(await stop(cli, 'SIGINT'), 0);
    }
  });

  it('enables the control surface with --control and takes the port from PORT', async () => {
    const probe = await startCli(['--port', '0', '--quiet']);
    const port = new URL(probe.url).port;
    await stop(probe);
    const cli = await startCli(['--control', '--quiet'], { PORT: port });
    try {
      assert.equal(new URL(cli.url).port, port);
      const stats = await fetch(`${cli.url}/_control/stats`);
      assert.equal(stats.status, 200);
      assert.deepEqual(await stats.json(), { connections: 1, calls: 0 });
    } finally {
      await stop(cli);
    }
  });

  it('falls back to a free port when the asked one is busy', async () => {
    const first = await startCli(['--port', '0', '--quiet']);
    try {
      const busy = new URL(first.url).port;
      const second = await startCli(['--port', busy, '--quiet']);
      try {
        assert.notEqual(new URL(second.url).port, busy);
        assert.equal((await fetch(`${second.url}/v1/me`, { headers: { 'SERVICE-API-KEY': 'gk_demo_ada' } })).status, 200);
      } finally {
        await stop(second);
      }
    } finally {
      await stop(first);
    }
  });

  it('exits non-zero on a bad argument', async () => {
    const child = spawn(process.execPath, [CLI, '--seed', 'abc']);
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 1);
    assert.match(stderr, /--seed must be a non-negative integer/);
  });
});
