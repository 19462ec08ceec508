// Regular expressions from test files run on RE2 (re2js), whose matching time is linear in the
// text: a pattern such as `(a+)+$` from a cloned repository cannot hang the extension host or a
// CI job the way a backtracking engine (JavaScript's RegExp) can. RE2 has no backreferences and
// no lookahead; those patterns are refused with the reason, never run another way. Pure.
import { checkLibraries } from './checkLibraries';
import { MAX_REGEX_CHARS } from './checkLimits';

/** A compiled pattern: `test` finds a match anywhere in the text, as `RegExp.prototype.test`. */
export interface UserRegex {
  test(text: string): boolean;
}

/** Each compiled pattern's program size: RE2 steps through its instructions for each character in the worst case (assertionWork.ts). */
const programSizes = new WeakMap<UserRegex, number>();

/** The instructions of a compiled pattern's RE2 program. */
export function regexInstructions(regex: UserRegex): number {
  return programSizes.get(regex) ?? 0;
}

export type RegexCompilation = { readonly ok: true; readonly regex: UserRegex } | { readonly ok: false; readonly message: string };

/** JavaScript syntax with no linear-time equivalent, found before RE2 would misread it. */
function unsupportedSyntax(pattern: string): string | undefined {
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index];
    if (char === '\\') {
      const next = pattern[index + 1] ?? '';
      if (/[1-9]/.test(next)) {
        return `backreferences such as \\${next} are not supported by the linear-time engine (RE2)`;
      }
      if (next === 'k' && pattern[index + 2] === '<') {
        return 'named backreferences (\\k<name>) are not supported by the linear-time engine (RE2)';
      }
      index += 1;
    } else if (char === '(' && pattern[index + 1] === '?' && (pattern[index + 2] === '=' || pattern[index + 2] === '!')) {
      return 'lookahead ((?=…) and (?!…)) is not supported by the linear-time engine (RE2); lookbehind without groups is';
    }
  }
  return undefined;
}

/** Patterns compiled lately: a workspace's test files repeat theirs (a defaultTest's in every test), and RE2 compiles slowly. */
const compiledPatterns = new Map<string, RegexCompilation>();
const MAX_COMPILED_PATTERNS = 256;

/**
 * Compiles a pattern written for JavaScript's `new RegExp(pattern)` (promptfoo's `regex`, no
 * flags): `\uXXXX`, `\cX`, `[^]` and `(?<name>…)` are translated to RE2's spelling first. The same
 * pattern gives back the same compilation (a compiled RE2 keeps no state between matches).
 */
export function compileUserRegex(pattern: string): RegexCompilation {
  const known = compiledPatterns.get(pattern);
  if (known !== undefined) return known;
  const compilation = compile(pattern);
  if (compiledPatterns.size >= MAX_COMPILED_PATTERNS) compiledPatterns.delete(compiledPatterns.keys().next().value!);
  compiledPatterns.set(pattern, compilation);
  return compilation;
}

function compile(pattern: string): RegexCompilation {
  if (pattern.length > MAX_REGEX_CHARS) {
    return { ok: false, message: `the pattern has ${pattern.length.toLocaleString('en-US')} characters, over the limit of ${MAX_REGEX_CHARS.toLocaleString('en-US')}` };
  }
  const unsupported = unsupportedSyntax(pattern);
  if (unsupported !== undefined) {
    return { ok: false, message: unsupported };
  }
  const { RE2JS } = checkLibraries();
  try {
    const compiled = RE2JS.compile(RE2JS.translateRegExp(pattern), RE2JS.LOOKBEHINDS);
    // re2js keeps its program on the compiled pattern; were that to move, 4 instructions a character of the pattern is more than RE2 makes.
    const program = (compiled as unknown as { re2Input?: { prog?: { inst?: readonly unknown[] } } }).re2Input?.prog?.inst;
    const regex: UserRegex = { test: (text) => compiled.test(text) };
    programSizes.set(regex, program?.length ?? 4 * pattern.length);
    return { ok: true, regex };
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : 'it does not compile';
    return { ok: false, message: `the pattern is not valid for the linear-time engine (RE2): ${reason}` };
  }
}
