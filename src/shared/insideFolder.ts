// Whether a path a workspace file names (a test file's `testsFile`, a results file's data file)
// stays inside a folder: workspace files are hostile, and one may name `../../etc/passwd` or a
// symbolic link that leads out. Pure Node: no `vscode`.
import { realpath } from 'node:fs/promises';
import * as path from 'node:path';

/** `candidate` is `root` or inside it, by their paths as given. */
export function isInsideFolder(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

/** `candidate`, its links followed, is inside `root` (its links followed too). Rejects when either cannot be resolved (it does not exist). */
export async function resolvesInsideFolder(root: string, candidate: string): Promise<boolean> {
  return isInsideFolder(await realpath(root), await realpath(candidate));
}
