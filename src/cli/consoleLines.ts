// The one writer of gist-check's stdout and stderr. Two programs read every line: a terminal,
// which obeys escape sequences, and GitHub's Actions runner, which obeys `::command::` at a line's
// start and the legacy `##[command]` anywhere in a line (actions/runner, ActionCommand.cs). Text
// goes out redacted of the keys first, then each line with its control, bidirectional and
// invisible characters shown as escapes, then with whatever the runner could take for a command
// broken by a backslash. Only a WorkflowCommand (githubActions.ts, escaped as @actions/core does)
// reaches the runner as a command. Pure Node.
import { redactSecrets } from '../shared/redact';
import { unhiddenLine } from '../shared/oneLine';
import { commandLine, type WorkflowCommand } from './githubActions';

/**
 * What the runner's culture-sensitive (ICU) search for `::` and `##[` may skip: controls, format
 * characters and default-ignorable ones. A line has none left but a variation selector after an
 * emoji (`#` is one), which `unhiddenLine` keeps.
 */
const IGNORABLE = '[\\p{Cc}\\p{Cf}\\p{Default_Ignorable_Code_Point}]';
/** `##[` (the legacy command prefix), the first `#` captured with what follows it. */
const LEGACY_PREFIX = new RegExp(`(#${IGNORABLE}*)(?=#${IGNORABLE}*\\[)`, 'gu');
/** `::` at the start once .NET's TrimStart has run (whitespace, and for ICU the ignorables). */
const COMMAND_START = new RegExp(`^((?:[\\s\\u0085]|${IGNORABLE})*)(?=:${IGNORABLE}*:)`, 'u');

/** One line of text, inert: nothing hidden, no escape sequence, no command for the runner. */
export function inertLine(text: string): string {
  return unhiddenLine(text).replace(LEGACY_PREFIX, '$1\\').replace(COMMAND_START, '$1\\');
}

/** Text of one or more lines (`\n` between them), redacted of `secrets` before anything else, each line inert. */
export function consoleText(text: string, secrets: readonly string[]): string {
  return redactSecrets(text, secrets).split('\n').map(inertLine).join('\n');
}

export interface ConsoleLines {
  /** Writes text (each of its lines inert) or one of our own workflow commands, then a line break. */
  readonly out: (text: string | WorkflowCommand) => void;
  readonly err: (text: string) => void;
}

/** The writer over `out` and `err`, redacting every key in `secrets` (read at each write: a key is added once it is known). */
export function consoleLines(sinks: { readonly out: (text: string) => void; readonly err: (text: string) => void }, secrets: readonly string[]): ConsoleLines {
  return {
    out: (text) => sinks.out(`${typeof text === 'string' ? consoleText(text, secrets) : redactSecrets(commandLine(text, secrets), secrets)}\n`),
    err: (text) => sinks.err(`${consoleText(text, secrets)}\n`),
  };
}
