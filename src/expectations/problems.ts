// The problems found in one test file, capped so a hostile file cannot make the list huge. Pure.
import { MAX_PROBLEMS_PER_FILE } from './checkLimits';
import { type Problem, type SourceRange } from './checkModel';

export class Problems {
  private readonly list: Problem[] = [];
  /** Made at the first problem: most tests have none. */
  private seen: Set<string> | undefined;
  private omitted = 0;

  add(message: string, range: SourceRange): void {
    // defaultTest's checks are built once per test: the same mistake is reported once.
    const key = `${range.file}:${range.start.line}:${range.start.character}:${message}`;
    this.seen ??= new Set();
    if (this.seen.has(key)) {
      return;
    }
    this.seen.add(key);
    if (this.list.length < MAX_PROBLEMS_PER_FILE) {
      this.list.push({ message, range });
    } else {
      this.omitted += 1;
    }
  }

  get count(): number {
    return this.list.length + this.omitted;
  }

  /** The problems, the last one saying how many more were left out. */
  all(): Problem[] {
    const last = this.list[this.list.length - 1];
    if (this.omitted === 0 || last === undefined) {
      return [...this.list];
    }
    return [...this.list, { message: `${this.omitted.toLocaleString('en-US')} more problems are not listed; fix these first.`, range: last.range }];
  }
}
