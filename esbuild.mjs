// Bundles the extension into dist/extension.js, the libraries it loads on first use into files of
// their own (dist/undici.js, dist/lib/), and the results view's webview script into dist/webview/.
// Type-checking is separate (`npm run typecheck`).
//
// Two files, because VS Code loads dist/extension.js before activate(): with undici inside it
// the file was 567 KB and took about 20 ms to load; without, 45 KB and 2 ms. The client imports
// undici only on its first request, so dist/undici.js loads then.
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const require = createRequire(import.meta.url);

/**
 * Libraries loaded on first use, each a bundle of its own beside dist/extension.js: `import('x')`
 * in the extension becomes `require('./<file>')`. undici on the first request; the data file
 * parsers when a data file is read; RE2, Ajv and fastest-levenshtein when a test file is first
 * parsed (src/expectations/checkLibraries.ts). A static import of one of them is an error, so none
 * slips into the startup bundle. yaml when checks are exported to promptfoo.
 */
const LAZY_LIBRARIES = {
  undici: 'undici.js',
  'csv-parse': 'lib/csv-parse.js',
  '@streamparser/json': 'lib/streamparser-json.js',
  re2js: 'lib/re2js.js',
  ajv: 'lib/ajv.js',
  'fastest-levenshtein': 'lib/fastest-levenshtein.js',
  yaml: 'lib/yaml.js',
};
const lazyLibraries = {
  name: 'lazy-libraries',
  setup(build) {
    const names = Object.keys(LAZY_LIBRARIES).map((name) => name.replace(/[/@.]/g, (char) => `\\${char}`));
    build.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) =>
      args.kind === 'dynamic-import' || args.path === 'undici'
        ? { path: `./${LAZY_LIBRARIES[args.path]}`, external: true }
        : { errors: [{ text: `${args.path} is loaded on first use: import() it where it is needed (see LAZY_LIBRARIES in esbuild.mjs)` }] },
    );
  },
};

/**
 * In watch mode, prints where each rebuild starts and ends and each error as `file:line:column: message`,
 * the lines the "watch" task's problem matcher in .vscode/tasks.json reads.
 */
const watchReporter = {
  name: 'watch-reporter',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        if (location) console.error(`${location.file}:${location.line}:${location.column}: error: ${text}`);
        else console.error(`error: ${text}`);
      }
      console.log('[watch] build finished');
    });
  },
};

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: watch ? 'silent' : 'info',
  // jsonc-parser's "main" is a UMD build whose require() calls esbuild cannot follow; its ES module
  // build bundles. Every bundle may reach it (the verdicts worker does, through the JSON depth check).
  mainFields: ['module', 'main'],
};

const extension = {
  ...common,
  entryPoints: ['src/extension.ts'],
  outfile: 'dist/extension.js',
  // import('./undici.js') as require(), as it was when undici was inside the bundle.
  supported: { 'dynamic-import': false },
  plugins: [lazyLibraries, ...(watch ? [watchReporter] : [])],
};
const libraries = Object.entries(LAZY_LIBRARIES).map(([name, file]) => ({ ...common, entryPoints: [require.resolve(name)], outfile: `dist/${file}` }));
/** The verdicts' worker thread (src/lab/verdictsWorker.ts), started by the results view when it has figures to work out. */
const verdictsWorker = { ...common, entryPoints: ['src/lab/verdictsWorker.ts'], outfile: 'dist/verdictsWorker.js', plugins: [lazyLibraries] };
/**
 * gist-check's undici: the parts the client uses (Agent, EnvHttpProxyAgent, and Dispatcher with the
 * request API that undici's index.js adds to it), without the fetch, WebSocket, cookies, caches
 * and mocks index.js also loads: those took ~30 ms of every gist-check start (npm run bench --
 * --only checks). A part the client starts to use (`undici.X` in src/) is added here.
 */
const undiciParts = {
  name: 'undici-parts',
  setup(build) {
    build.onResolve({ filter: /^undici$/ }, () => ({ path: 'undici', namespace: 'undici-parts' }));
    build.onLoad({ filter: /.*/, namespace: 'undici-parts' }, () => ({
      resolveDir: dirname(require.resolve('undici/package.json')),
      loader: 'js',
      contents: `'use strict';
const Dispatcher = require('./lib/dispatcher/dispatcher');
Object.assign(Dispatcher.prototype, require('./lib/api'));
module.exports = { Dispatcher, Agent: require('./lib/dispatcher/agent'), EnvHttpProxyAgent: require('./lib/dispatcher/env-http-proxy-agent') };`,
    }));
  },
};

/**
 * gist-check, the command-line checks: one file with everything it uses bundled in (undici, the
 * check libraries, csv-parse…), so `npx gist-check` needs Node alone and the package has no
 * dependencies. Built from the same modules as the extension. Whitespace and syntax minified in
 * every build (2.5 → 1.3 MB: Node reads and compiles the whole file at each start), names kept so
 * that a stack trace in "failed unexpectedly" still reads.
 */
const cli = {
  ...common,
  entryPoints: ['src/cli/gistCheck.ts'],
  outfile: 'dist/cli/gist-check.js',
  sourcemap: false,
  minify: false,
  minifyWhitespace: true,
  minifySyntax: true,
  supported: { 'dynamic-import': false },
  mainFields: ['module', 'main'],
  // ES module builds bundled into CommonJS (tinyglobby's fdir) read import.meta.url: this file's URL.
  banner: { js: "#!/usr/bin/env node\nconst __gistCheckUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: { GIST_CHECK_VERSION: JSON.stringify(require('./package.json').version), 'import.meta.url': '__gistCheckUrl' },
  plugins: [undiciParts, ...(watch ? [watchReporter] : [])],
};
/** The results view's webview script: runs in the webview (a browser), loaded by a nonce'd <script>. */
const resultsView = {
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: production,
  sourcemap: false,
  logLevel: watch ? 'silent' : 'info',
  entryPoints: ['src/lab/webview/resultsView.ts'],
  outfile: 'dist/webview/resultsView.js',
};
/** The comparison of two runs' webview script (src/lab/comparisonPanel.ts), built like the results view's. */
const comparisonView = { ...resultsView, entryPoints: ['src/lab/webview/comparisonView.ts'], outfile: 'dist/webview/comparisonView.js' };

if (watch) {
  // undici does not change while you work on the extension: build it once.
  // The libraries do not change while you work on the extension: built once.
  await Promise.all(libraries.map((options) => esbuild.build(options)));
  await Promise.all([extension, resultsView, comparisonView, verdictsWorker, cli].map(async (options) => (await esbuild.context(options)).watch()));
} else {
  const [built] = await Promise.all([esbuild.build({ ...extension, metafile: true }), esbuild.build(resultsView), esbuild.build(comparisonView), esbuild.build(verdictsWorker), esbuild.build(cli), ...libraries.map((options) => esbuild.build(options))]);
  // What went into dist/extension.js, file by file: the bundle test reads it (out/ is never packaged).
  mkdirSync('out', { recursive: true });
  writeFileSync('out/extension.meta.json', JSON.stringify(built.metafile));
}
