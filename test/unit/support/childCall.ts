// A call that hangs or eats all memory when the code under test is wrong (a read of /dev/zero, the
// open of a named pipe) runs in a child Node process killed after a while: the test then fails with
// "timed out" instead of taking the whole suite (and the machine's memory) down with it.
import { spawn } from 'node:child_process';

export interface ChildCall {
  /** The child was killed at the deadline (or died): the call did not come back. */
  readonly timedOut: boolean;
  /** What the call resolved to, through JSON (a Uint8Array comes back as its length). */
  readonly value?: unknown;
  /** What it rejected with (message), when it did. */
  readonly error?: string;
  readonly ms: number;
}

const CHILD = `
const [file, name, args] = JSON.parse(process.argv[1]);
const replacer = (_key, value) => (value instanceof Uint8Array ? { byteLength: value.byteLength } : value);
Promise.resolve()
  .then(() => {
    // "JudgeVotesFile.open": a static method, called on its class.
    let owner = require(file);
    const path = name.split('.');
    for (const key of path.slice(0, -1)) owner = owner[key];
    return owner[path[path.length - 1]](...args);
  })
  .then(
    (value) => process.stdout.write(JSON.stringify({ value: value === undefined ? null : value }, replacer)),
    (error) => process.stdout.write(JSON.stringify({ error: error instanceof Error ? error.message : String(error) })),
  )
  .finally(() => process.exit(0));
`;

/** `require(file)[name](...args)` (`name` may be `Class.method`) in a child process, SIGKILLed after `timeoutMs`. */
export function callInChild(file: string, name: string, args: readonly unknown[], timeoutMs = 8_000): Promise<ChildCall> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', CHILD, JSON.stringify([file, name, args])], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', () => {
      clearTimeout(timer);
      const ms = Date.now() - started;
      try {
        const parsed = JSON.parse(out) as { value?: unknown; error?: string };
        resolve({ timedOut: false, ms, ...parsed });
      } catch {
        resolve({ timedOut: true, ms });
      }
    });
  });
}
