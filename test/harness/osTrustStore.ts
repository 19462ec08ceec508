// Puts a test CA into the operating system's trust store (Debian's: a file in
// /usr/local/share/ca-certificates, then update-ca-certificates), the way a company installs its
// CA on a developer's machine, and takes it out again. Needs root, as CI has. Each file is named
// for the harness process that added it, so a run that crashed leaves a file the next run
// recognises and removes, while a run still going in another worktree keeps its own.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { MissingPrerequisite } from './prerequisites';

const STORE_DIR = '/usr/local/share/ca-certificates';
/** What update-ca-certificates writes: the bundle every OpenSSL-based program reads. */
const BUNDLE = '/etc/ssl/certs/ca-certificates.crt';
const FILE_PREFIX = 'gist-test-ca-';

export interface InstalledCa {
  readonly file: string;
  /** Removes the file and rebuilds the store; throws when the CA is still in the bundle after. */
  remove(): void;
}

/** Without --fresh, which would also drop links in /etc/ssl/certs that other tools made. */
function updateStore(): void {
  execFileSync('update-ca-certificates', [], { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** The base64 body of a PEM certificate, to find it in the bundle whatever its line endings. */
function pemBody(pem: string): string {
  return pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
}

export function bundleHolds(caCert: string): boolean {
  return existsSync(BUNDLE) && readFileSync(BUNDLE, 'utf8').replace(/\s+/g, '').includes(pemBody(caCert));
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function checkTrustStore(): void {
  if (process.getuid?.() !== 0 || !existsSync(STORE_DIR)) {
    throw new MissingPrerequisite(`Installing a test CA in the OS trust store needs root and ${STORE_DIR} (Debian's ca-certificates package).`);
  }
  try {
    execFileSync('sh', ['-c', 'command -v update-ca-certificates'], { stdio: 'ignore' });
  } catch {
    throw new MissingPrerequisite('update-ca-certificates was not found: apt-get install ca-certificates');
  }
}

/** Removes test CAs left by harness runs that no longer exist; returns their file names. */
export function removeStaleTestCas(): string[] {
  const stale = readdirSync(STORE_DIR).filter((name) => {
    const pid = new RegExp(`^${FILE_PREFIX}(\\d+)\\.crt$`).exec(name)?.[1];
    return pid !== undefined && !processAlive(Number(pid));
  });
  for (const name of stale) {
    rmSync(path.join(STORE_DIR, name), { force: true });
  }
  if (stale.length > 0) {
    updateStore();
  }
  return stale;
}

export function installCa(caCert: string): InstalledCa {
  checkTrustStore();
  const file = path.join(STORE_DIR, `${FILE_PREFIX}${process.pid}.crt`);
  writeFileSync(file, caCert);
  try {
    updateStore();
  } catch (error) {
    rmSync(file, { force: true });
    throw error;
  }
  if (!bundleHolds(caCert)) {
    rmSync(file, { force: true });
    updateStore();
    throw new Error(`update-ca-certificates ran, but ${BUNDLE} does not hold the test CA.`);
  }
  return {
    file,
    remove: () => {
      rmSync(file, { force: true });
      updateStore();
      if (bundleHolds(caCert)) {
        throw new Error(`The test CA is still in ${BUNDLE} after removing ${file}.`);
      }
    },
  };
}
