// The one way a workspace file is read: a regular file only (a device, a named pipe, a socket or
// a folder is refused at once, with what it is and what to do), inside its folder when one is given
// (links followed), and never more than `cap` bytes, whatever its size says.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { openRegularFile, readBoundedFile, readCapped, type OpenedFile } from '../../../src/shared/boundedFile';

describe('bounded reads of workspace files', function () {
  let base: string;
  let root: string;

  before(function () {
    if (process.platform === 'win32') this.skip();
  });

  beforeEach(function () {
    base = mkdtempSync(path.join(os.tmpdir(), 'gist-bounded-'));
    root = path.join(base, 'repo');
    mkdirSync(root);
  });

  afterEach(function () {
    rmSync(base, { recursive: true, force: true });
  });

  it('a regular file is read whole up to the cap, and refused one byte past it, saying its size', async function () {
    const file = path.join(root, 'ten.txt');
    writeFileSync(file, '0123456789');
    const read = await readBoundedFile(file, 10);
    assert.ok(read.ok);
    assert.equal(Buffer.from(read.bytes).toString(), '0123456789');
    const over = await readBoundedFile(file, 9);
    assert.deepEqual(over, { ok: false, kind: 'tooLarge', reason: 'it is 1 KiB, over the limit of 1 KiB', size: 10 });
    const empty = path.join(root, 'empty.txt');
    writeFileSync(empty, '');
    const none = await readBoundedFile(empty, 10);
    assert.ok(none.ok);
    assert.equal(none.bytes.byteLength, 0);
  });

  it('never reads past the cap when the size says less than there is (a file in /proc says 0)', async function () {
    const file = path.join(root, 'big.txt');
    writeFileSync(file, Buffer.alloc(10 * 1024 * 1024, 0x61));
    const opened = await openRegularFile(file);
    assert.ok(opened.ok);
    let asked = 0;
    const handle = opened.handle;
    const counting = new Proxy(handle, {
      get(target, key, receiver) {
        if (key === 'read') {
          return async (buffer: Buffer, offset: number, length: number, position: number) => {
            asked += length;
            return target.read(buffer, offset, length, position);
          };
        }
        const value: unknown = Reflect.get(target, key, receiver);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    try {
      const lying: OpenedFile = { ...opened, handle: counting, size: 0 };
      const read = await readCapped(lying, 1000);
      assert.ok(!(read instanceof Uint8Array));
      assert.equal(read.kind, 'tooLarge');
      assert.equal(asked, 1001, 'the cap and one byte to know it is over, not the file');
    } finally {
      await handle.close();
    }
    const proc = await readBoundedFile('/proc/self/status', 1024 * 1024);
    assert.ok(proc.ok, 'a file whose size says 0 is still read');
    assert.ok(proc.bytes.byteLength > 0);
    assert.equal((await readBoundedFile('/proc/self/status', 10)).ok, false);
  });

  it('a device, a named pipe, a socket and a folder are refused at once, saying what they are', async function () {
    const zero = path.join(root, 'zero.json');
    symlinkSync('/dev/zero', zero);
    assert.deepEqual(await readBoundedFile(zero, 1024), { ok: false, kind: 'notAFile', reason: 'it is (or links to) a device such as /dev/zero, not a regular file: replace it with a file, or remove it' });
    const pipe = path.join(root, 'pipe.json');
    execFileSync('mkfifo', [pipe]);
    const started = Date.now();
    assert.deepEqual(await readBoundedFile(pipe, 1024), { ok: false, kind: 'notAFile', reason: 'it is (or links to) a named pipe (FIFO), not a regular file: replace it with a file, or remove it' });
    assert.ok(Date.now() - started < 2000, 'the open did not wait for a writer');
    const socketPath = path.join(root, 'socket.json');
    const server = net.createServer().listen(socketPath);
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const socket = await readBoundedFile(socketPath, 1024);
      assert.equal(socket.ok, false);
      assert.ok(!socket.ok && socket.kind === 'notAFile' && /socket/.test(socket.reason), JSON.stringify(socket));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const folder = await readBoundedFile(root, 1024);
    assert.ok(!folder.ok && folder.kind === 'notAFile' && folder.reason === 'it is a folder');
    const missing = await readBoundedFile(path.join(root, 'missing.json'), 1024);
    assert.ok(!missing.ok && missing.kind === 'missing' && missing.reason === 'it does not exist');
  });

  it('with a folder to stay in: a link out is refused, a link in is the file (one identity for every name)', async function () {
    writeFileSync(path.join(base, 'secret.json'), '{}');
    symlinkSync(path.join(base, 'secret.json'), path.join(root, 'out.json'));
    const out = await readBoundedFile(path.join(root, 'out.json'), 1024, { inside: root, insideName: 'the workspace folder' });
    assert.deepEqual(out, { ok: false, kind: 'outside', reason: 'it leads outside the workspace folder (a symbolic link?), and only files inside it are read: copy the file there instead of linking to it' });
    assert.equal((await readBoundedFile(path.join(root, 'out.json'), 1024)).ok, true, 'without a folder to stay in, a link is followed');
    symlinkSync('/dev/zero', path.join(root, 'zero.json'));
    assert.equal((await readBoundedFile(path.join(root, 'zero.json'), 1024, { inside: root })).ok, false);
    symlinkSync(path.join(root, 'nowhere.json'), path.join(root, 'dangling.json'));
    assert.equal((await readBoundedFile(path.join(root, 'dangling.json'), 1024, { inside: root }) as { kind?: string }).kind, 'missing');

    const real = path.join(root, 'real.json');
    writeFileSync(real, '[1]');
    symlinkSync('real.json', path.join(root, 'soft.json'));
    linkSync(real, path.join(root, 'hard.json'));
    const identities = new Set<string>();
    for (const name of ['real.json', 'soft.json', 'hard.json']) {
      const read = await readBoundedFile(path.join(root, name), 1024, { inside: root });
      assert.ok(read.ok, name);
      assert.equal(Buffer.from(read.bytes).toString(), '[1]');
      identities.add(read.identity);
    }
    assert.equal(identities.size, 1);
  });
});
