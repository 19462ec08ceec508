// Bundles the extension into dist/extension.js. Type-checking is separate (`npm run typecheck`).
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** @type {import('esbuild').BuildOptions} */
const options = {
  entryPoints: ['src/extension.ts'],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  outfile: 'dist/extension.js',
  external: ['vscode'],
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'info',
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

if (watch) {
  const context = await esbuild.context({ ...options, logLevel: 'silent', plugins: [watchReporter] });
  await context.watch();
} else {
  await esbuild.build(options);
}
