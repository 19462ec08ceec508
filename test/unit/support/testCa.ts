// A certificate authority and a server certificate for 127.0.0.1/localhost, made at test time
// with the openssl CLI (Debian's `openssl` package; .ci/run installs it), valid for one day.
// Made fresh so no test depends on a checked-in key pair that could expire or leak.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCa {
  /** Directory holding ca.crt, server.crt and server.key; removed by `dispose()`. */
  readonly dir: string;
  readonly caCertPath: string;
  readonly caCert: string;
  readonly serverCert: string;
  readonly serverKey: string;
  dispose(): void;
}

function openssl(args: readonly string[], cwd: string): void {
  try {
    execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT') {
      throw new Error('The openssl command is needed to make a test CA: apt-get install openssl');
    }
    throw error;
  }
}

export function makeTestCa(): TestCa {
  const dir = mkdtempSync(join(tmpdir(), 'gist-test-ca-'));
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(['req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '1', '-subj', '/CN=Gist Test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'], dir);
  openssl(['req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1'], dir);
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
  openssl(['x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.crt', '-days', '1', '-extfile', 'server.ext'], dir);
  return {
    dir,
    caCertPath: join(dir, 'ca.crt'),
    caCert: readFileSync(join(dir, 'ca.crt'), 'utf8'),
    serverCert: readFileSync(join(dir, 'server.crt'), 'utf8'),
    serverKey: readFileSync(join(dir, 'server.key'), 'utf8'),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
