// Installs a VS Code server (and the Node it runs on) on first use into .vscode-test/
// (git-ignored) and reuses it after; one per target in vscodeTargets.ts.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { withInstallLock } from './installLock';
import { installCodeServerOffline } from './installOffline';
import { installPackage } from './npmInstall';
import { checkBuildPrerequisites, checkRipgrep } from './prerequisites';
import { CURRENT_VSCODE, type VsCodeTarget } from './vscodeTargets';

interface Marker {
  readonly node: string;
  readonly codeServer: string;
}

/** False when the pinned Node is missing, another version, or was left half-installed by an interrupted run. */
function nodeRuns(target: VsCodeTarget): boolean {
  const version = target.nodePackage.slice(target.nodePackage.lastIndexOf('@') + 1);
  try {
    return execFileSync(target.nodeBin, ['--version'], { encoding: 'utf8' }).trim() === `v${version}`;
  } catch {
    return false;
  }
}

async function readMarker(target: VsCodeTarget): Promise<Marker | undefined> {
  try {
    return JSON.parse(await fs.readFile(target.marker, 'utf8')) as Marker;
  } catch {
    return undefined;
  }
}

/** Makes sure the target's Node and VS Code server are installed; returns quickly when they are. */
export async function ensureInstalled(log: (line: string) => void, target: VsCodeTarget = CURRENT_VSCODE): Promise<void> {
  if (await installed(target)) {
    return;
  }
  checkBuildPrerequisites();
  if (target.install === 'offline') {
    checkRipgrep();
  }
  // Checked again under the lock: the run we waited for may have installed it.
  await withInstallLock(target.cacheDir, log, async () => {
    if (!(await installed(target))) {
      await install(target, log);
    }
  });
}

async function installed(target: VsCodeTarget): Promise<boolean> {
  const marker = await readMarker(target);
  return marker?.node === target.nodePackage && marker.codeServer === target.codeServerPackage && existsSync(target.nodeBin) && existsSync(target.serverMain);
}

async function install(target: VsCodeTarget, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  if (!nodeRuns(target)) {
    log(`Installing ${target.nodePackage} into ${target.nodeDir} …`);
    await installPackage(process.execPath, target.nodeDir, target.nodePackage, {}, log);
  }
  log(`Installing ${target.codeServerPackage} (VS Code ${target.vscodeVersion}) into ${target.serverDir} (builds native modules; about 3 minutes) …`);
  if (target.install === 'offline') {
    await installCodeServerOffline(target, log);
  } else {
    // npm under the server's Node, with its headers for node-gyp: the server's native modules must match it.
    await installPackage(target.nodeBin, target.serverDir, target.codeServerPackage, { npm_config_nodedir: target.nodePackageDir }, log);
  }
  if (!existsSync(target.serverMain)) {
    throw new Error(`${target.codeServerPackage} installed, but ${target.serverMain} is missing.`);
  }
  await fs.writeFile(target.marker, JSON.stringify({ node: target.nodePackage, codeServer: target.codeServerPackage } satisfies Marker) + '\n');
  log(`VS Code ${target.vscodeVersion} server installed in ${Math.round((Date.now() - started) / 1000)} s.`);
}
