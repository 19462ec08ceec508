// Grades an output built here (16 MiB never crosses a process boundary) against one assertion:
// what the hostile-work tests run in a child process, killed if the grading never comes back.
import { loadCheckLibraries } from '../../../src/expectations/checkLibraries';
import { grade } from './checkFixture';

/** The outputs, by name: each makes some check's work grow faster than the output. */
const OUTPUTS: Record<string, (size: number) => string> = {
  /** `size` distinct small objects in an array: uniqueItems compares every pair. */
  distinctObjects: (size) => JSON.stringify(Array.from({ length: size }, (_, index) => ({ id: index, name: `n${index}` }))),
  /** `size` characters of "a": every search and every regex walks all of it. */
  letters: (size) => 'a'.repeat(size),
};

export async function gradeHostile(assertion: Record<string, unknown>, output: string, size: number): Promise<{ readonly pass: boolean; readonly reason: string }> {
  await loadCheckLibraries();
  const make = OUTPUTS[output];
  if (make === undefined) throw new Error(`no output ${output}`);
  const [result] = grade([assertion], make(size)).results;
  return { pass: result?.pass ?? true, reason: result?.reason ?? '' };
}
