// Puts a test CA into the operating system's trust store (Debian's: a file in
// /usr/local/share/ca-certificates, then update-ca-certificates), the way a company installs its
// CA on a developer's machine, and takes it out again. Needs root, as CI has. Each file is named
// for the harness process that added it, so a run that crashed leaves a file the next run
// recognises and removes (with its links in /etc/ssl/certs), while a run still going in another
// worktree keeps its own.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { MissingPrerequisite } from '../../tools/vscodeServer/prerequisites';

const STORE_DIR = '/usr/local/share/ca-certificates';
/** Where update-ca-certificates links each CA (name.pem, and a hash.N link to that) and writes the bundle. */
const LINK_DIR = '/etc/ssl/certs';
const BUNDLE = path.join(LINK_DIR, 'ca-certificates.crt');
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

/**
 * Removes the links update-ca-certificates made for `crtName` (name.pem and the hash link to it):
 * when a file only goes away, it rebuilds the bundle but leaves them dangling.
 */
function removeLinks(crtName: string): void {
  const pemName = crtName.replace(/\.crt$/, '.pem');
  for (const name of readdirSync(LINK_DIR)) {
    let target: string;
    try {
      target = readlinkSync(path.join(LINK_DIR, name));
    } catch {
      continue; // Not a link.
    }
    if (name === pemName || path.basename(target) === pemName) {
      rmSync(path.join(LINK_DIR, name), { force: true });
    }
  }
}

function removeCa(crtName: string): void {
  rmSync(path.join(STORE_DIR, crtName), { force: true });
  removeLinks(crtName);
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

/** Removes test CAs (files and links) left by harness runs that no longer exist; returns their file names. */
export function removeStaleTestCas(): string[] {
  const ofDeadRun = (name: string): boolean => {
    const pid = new RegExp(`^${FILE_PREFIX}(\\d+)\\.(crt|pem)$`).exec(name)?.[1];
    return pid !== undefined && !processAlive(Number(pid));
  };
  const stale = readdirSync(STORE_DIR).filter(ofDeadRun);
  for (const name of stale) {
    removeCa(name);
  }
  for (const name of readdirSync(LINK_DIR).filter(ofDeadRun)) {
    removeLinks(name.replace(/\.pem$/, '.crt'));
  }
  if (stale.length > 0) {
    updateStore();
  }
  return stale;
}

export function installCa(caCert: string): InstalledCa {
  checkTrustStore();
  const crtName = `${FILE_PREFIX}${process.pid}.crt`;
  const file = path.join(STORE_DIR, crtName);
  writeFileSync(file, caCert);
  try {
    updateStore();
  } catch (error) {
    removeCa(crtName);
    throw error;
  }
  if (!bundleHolds(caCert)) {
    removeCa(crtName);
    updateStore();
    throw new Error(`update-ca-certificates ran, but ${BUNDLE} does not hold the test CA.`);
  }
  return {
    file,
    remove: () => {
      removeCa(crtName);
      updateStore();
      if (bundleHolds(caCert)) {
        throw new Error(`The test CA is still in ${BUNDLE} after removing ${file}.`);
      }
    },
  };
}
