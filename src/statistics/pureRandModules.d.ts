// pure-rand 8 publishes its modules only through package.json "exports" subpaths, which TypeScript's
// node10 resolution (what tsconfig's `module: commonjs` implies) does not read; at run time Node and
// esbuild do. These declarations point the subpaths we use at pure-rand's own type files, so the
// types are the library's, not ours. Drop this file if tsconfig moves to `moduleResolution: node16`.
declare module 'pure-rand/generator/xoroshiro128plus' {
  export * from 'pure-rand/lib/generator/xoroshiro128plus';
}
