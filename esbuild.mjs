// Bundles the extension into dist/extension.js and its HTTP library into dist/undici.js.
// Type-checking is separate (`npm run typecheck`).
//
// Two files, because VS Code loads dist/extension.js before activate(): with undici inside it
// the file was 567 KB and took about 20 ms to load; without, 45 KB and 2 ms. The client imports
// undici only on its first request, so dist/undici.js loads then.
import { createRequire } from 'node:module';
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const require = createRequire(import.meta.url);

/** `import('undici')` in the extension becomes `require('./undici.js')`, the second bundle. */
const undiciAsSibling = {
  name: 'undici-as-sibling',
  setup(build) {
    build.onResolve({ filter: /^undici$/ }, () => ({ path: './undici.js', external: true }));
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
};

const extension = {
  ...common,
  entryPoints: ['src/extension.ts'],
  outfile: 'dist/extension.js',
  // import('./undici.js') as require(), as it was when undici was inside the bundle.
  supported: { 'dynamic-import': false },
  // jsonc-parser's "main" is a UMD build whose require() calls esbuild cannot follow; its ES module build bundles.
  mainFields: ['module', 'main'],
  plugins: [undiciAsSibling, ...(watch ? [watchReporter] : [])],
};
const undici = { ...common, entryPoints: [require.resolve('undici')], outfile: 'dist/undici.js' };

if (watch) {
  // undici does not change while you work on the extension: build it once.
  await esbuild.build(undici);
  const context = await esbuild.context(extension);
  await context.watch();
} else {
  await Promise.all([esbuild.build(extension), esbuild.build(undici)]);
}
