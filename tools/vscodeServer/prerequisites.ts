// Checks what the harness needs from the machine, with a message that says what to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROME_PATH } from './paths';

export class MissingPrerequisite extends Error {
  override readonly name = 'MissingPrerequisite';
}

export function checkBrowser(): void {
  if (!existsSync(CHROME_PATH)) {
    throw new MissingPrerequisite(
      `Chromium was not found at ${CHROME_PATH}. Install it with "apt-get install chromium", or set CHROME_PATH to a Chromium or Chrome binary.`,
    );
  }
}

function onPath(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Building the server's native modules (kerberos) needs the Kerberos headers. */
export function checkBuildPrerequisites(): void {
  let found = false;
  try {
    execFileSync('dpkg', ['-s', 'libkrb5-dev'], { stdio: 'ignore' });
    found = true;
  } catch {
    found = existsSync('/usr/include/krb5.h') || existsSync('/usr/include/krb5/krb5.h');
  }
  if (!found) {
    throw new MissingPrerequisite('The Kerberos headers are missing, and the VS Code server needs them to build. Install them with "apt-get install libkrb5-dev".');
  }
  // node-gyp builds the server's native modules with these.
  const missingTools = ['python3', 'make', 'g++'].filter((tool) => !onPath(tool));
  if (missingTools.length > 0) {
    throw new MissingPrerequisite(`The VS Code server's native modules need ${missingTools.join(', ')} to build. Install them with "apt-get install python3 make g++".`);
  }
}

/** The oldest server's ripgrep comes from Debian (its npm package would download it; see installOffline.ts). */
export function checkRipgrep(): void {
  if (!onPath('rg')) {
    throw new MissingPrerequisite('The VS Code server for `npm run test:compat` needs ripgrep. Install it with "apt-get install ripgrep".');
  }
}
