// Installs a code-server package whose own postinstall cannot run offline (the oldest VS Code we
// test, code-server 4.100.x). Its postinstall.sh runs `npm install --omit=dev` in lib/vscode, where
// @vscode/ripgrep's install script downloads rg from GitHub; CI reaches only the npm registry and
// Debian's packages. So the package goes in without scripts and this file does postinstall.sh's
// steps itself: lib/vscode's dependencies without scripts, its native modules rebuilt by name for
// the server's Node, Debian's rg in @vscode/ripgrep's place, the symlinks, and the built-in
// extensions' dependencies. (Skipping postinstall.sh also skips its root check, which wants
// npm_config_unsafe_perm=true, and its Node-major check: the Node here is pinned by the target.)
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { installPackage, runNpm } from './npmInstall';
import type { VsCodeTarget } from './vscodeTargets';

/** lib/vscode's dependencies with install scripts that Linux needs (the windows-* ones are no-ops here). */
const NATIVE_MODULES = ['@parcel/watcher', '@vscode/spdlog', '@vscode/deviceid', 'kerberos', 'native-watchdog', 'node-pty'];

/** Debian's ripgrep (checked by checkRipgrep in prerequisites.ts before the install starts). */
function ripgrepOnPath(): string {
  return realpathSync(execFileSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' }).trim());
}

async function symlink(target: string, link: string): Promise<void> {
  await fs.rm(link, { recursive: true, force: true });
  await fs.symlink(target, link);
}

export async function installCodeServerOffline(target: VsCodeTarget, log: (line: string) => void): Promise<void> {
  // Native modules are built against the server's Node, with its headers (the package ships include/).
  const nodeEnv = { npm_config_nodedir: target.nodePackageDir };
  await installPackage(target.nodeBin, target.serverDir, target.codeServerPackage, { npm_config_ignore_scripts: 'true' }, log);
  const vscodeDir = path.join(target.serverDir, 'node_modules', 'code-server', 'lib', 'vscode');

  log(`${target.codeServerPackage}: lib/vscode dependencies (scripts off: @vscode/ripgrep's would download rg) …`);
  await runNpm(target.nodeBin, vscodeDir, ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], nodeEnv, log);
  log(`${target.codeServerPackage}: building ${NATIVE_MODULES.join(', ')} …`);
  // node-pty's postinstall runs `npx node-gyp` (to write compile_commands.json); npx must not stop to ask.
  await runNpm(target.nodeBin, vscodeDir, ['rebuild', ...NATIVE_MODULES], { ...nodeEnv, npm_config_yes: 'true' }, log);
  const rgDir = path.join(vscodeDir, 'node_modules', '@vscode', 'ripgrep', 'bin');
  await fs.mkdir(rgDir, { recursive: true });
  await fs.copyFile(ripgrepOnPath(), path.join(rgDir, 'rg'));
  await fs.chmod(path.join(rgDir, 'rg'), 0o755);

  // postinstall.sh's symlinks: Code and extensions look for files under node_modules.asar, and
  // the terminal's `code` and browser helpers are per-platform scripts.
  await symlink('node_modules', path.join(vscodeDir, 'node_modules.asar'));
  await symlink('code-linux.sh', path.join(vscodeDir, 'bin', 'remote-cli', 'code-server'));
  await symlink('browser-linux.sh', path.join(vscodeDir, 'bin', 'helpers', 'browser.sh'));

  log(`${target.codeServerPackage}: built-in extensions' dependencies …`);
  // Only TypeScript for the built-in language features; its one script trims it.
  await runNpm(target.nodeBin, path.join(vscodeDir, 'extensions'), ['install', '--omit=dev', '--no-audit', '--no-fund'], nodeEnv, log);
}
