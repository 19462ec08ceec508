// Whose votes a votes file holds: the reviewer its header names, and only when its name is that
// reviewer's votes file name (votesFileName.ts: the readable part and the hash of the exact name
// and source). Files are merged by the reviewer inside, so a file named for one reviewer whose
// header claims another would speak for that other one: it would add to their votes, or reverse
// them, without a word. Such a file is refused with the reason. The comparison is exact, like the
// hash: a name in another case, another Unicode form or with a lookalike letter is another
// reviewer, whose file has another name. Pure: no `vscode`.
import type { VotesHeader } from './votes';
import { votesFileName } from './votesFileName';

/** Characters of a reviewer's name quoted in a reason. */
const QUOTED_CHARS = 64;

/** Why the file `fileName` beside `resultsName` cannot hold the votes of the reviewer its header names; undefined when it can. */
export function votesFileIdentityProblem(fileName: string, resultsName: string, header: Pick<VotesHeader, 'reviewer' | 'source'>): string | undefined {
  const expected = votesFileName(resultsName, header.reviewer, header.source);
  if (fileName === expected) return undefined;
  const who = `${header.source === 'judge' ? 'the judge' : 'the reviewer'} ${JSON.stringify(header.reviewer.slice(0, QUOTED_CHARS))}`;
  return `its header says it holds the votes of ${who}, but it is not named as that reviewer's votes file (${expected}), so it may speak for someone else: not counted. If it is theirs, rename it to that name.`;
}
