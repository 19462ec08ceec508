// The test files a command line names: globs (with tinyglobby, as a shell would expand them, but
// the same on every platform and without a shell's limits), or `**/*.gisttest.json` in the working
// folder. node_modules and .git are never searched. Pure Node.
import * as path from 'node:path';
import { glob } from 'tinyglobby';

export const DEFAULT_GLOB = '**/*.gisttest.json';

/** Absolute paths, sorted, each once. */
export async function findTestFiles(globs: readonly string[], cwd: string): Promise<string[]> {
  const patterns = globs.length === 0 ? [DEFAULT_GLOB] : globs.map((pattern) => pattern.split(path.sep).join('/'));
  const found = await glob(patterns, { cwd, absolute: true, onlyFiles: true, dot: false, ignore: ['**/node_modules/**', '**/.git/**'], expandDirectories: false });
  return [...new Set(found.map((file) => path.normalize(file)))].sort();
}
