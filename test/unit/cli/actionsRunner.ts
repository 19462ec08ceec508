// The GitHub Actions runner's reading of a step's output, ported from actions/runner at commit
// 258d6c857db3519913f7deb6004b60172f8043ae: src/Runner.Common/ActionCommand.cs (TryParseV2,
// TryParse and their unescaping), src/Runner.Worker/ActionCommandManager.cs (the registered
// commands, stop-commands and its resume token) and src/Runner.Worker/Handlers/OutputManager.cs
// (which lines are tried at all). Lines are split as .NET's StreamReader.ReadLine splits them
// (ProcessInvoker.cs): at LF, CR and CR LF, on stdout and stderr alike.
//
// The runner compares `::` and `##[` with .NET's culture-sensitive StartsWith/IndexOf, which on
// Linux is ICU: characters ICU's collation ignores (NUL, format characters such as U+200B or
// U+00AD, variation selectors) may sit between or before the marks and still match. This port
// lets any control, format or default-ignorable character be ignored there: it reports a command
// wherever the runner might see one (a test built on it errs on the side of finding one).

/** Every command the runner obeys (ActionCommandManager's extensions; `internal-set-repo-path` only for its own plugins). */
const REGISTERED = ['stop-commands', 'set-env', 'set-output', 'save-state', 'add-mask', 'add-path', 'add-matcher', 'remove-matcher', 'debug', 'warning', 'error', 'notice', 'group', 'endgroup', 'echo'];

/** What ICU's collation may skip when the runner looks for `::` or `##[`. */
const IGNORABLE = '[\\p{Cc}\\p{Cf}\\p{Default_Ignorable_Code_Point}]';
/** .NET's TrimStart (Char.IsWhiteSpace), with the ignorables on top. */
const LEADING = new RegExp(`^(?:[\\s\\u0085]|${IGNORABLE})*`, 'u');
const COLONS = new RegExp(`:${IGNORABLE}*:`, 'gu');
const PREFIX = new RegExp(`#${IGNORABLE}*#${IGNORABLE}*\\[`, 'u');

export interface RunnerCommand {
  readonly command: string;
  readonly properties: Readonly<Record<string, string>>;
  readonly data: string;
  /** The line it was read from. */
  readonly line: string;
}

/** `text.IndexOf(pattern, from)` as ICU might find it, or -1. */
function indexOf(text: string, pattern: RegExp, from = 0): number {
  const global = new RegExp(pattern.source, 'gu');
  global.lastIndex = from;
  return global.exec(text)?.index ?? -1;
}

/** ActionCommand's unescaping: each replacement over the whole text, in this order (String.Replace). */
function unescape(text: string, mappings: ReadonlyArray<readonly [string, string]>): string {
  let result = text;
  for (const [token, replacement] of mappings) result = result.split(replacement).join(token);
  return result;
}
const DATA: ReadonlyArray<readonly [string, string]> = [['\r', '%0D'], ['\n', '%0A'], ['%', '%25']];
const PROPERTY: ReadonlyArray<readonly [string, string]> = [['\r', '%0D'], ['\n', '%0A'], [':', '%3A'], [',', '%2C'], ['%', '%25']];
const LEGACY: ReadonlyArray<readonly [string, string]> = [[';', '%3B'], ['\r', '%0D'], ['\n', '%0A'], [']', '%5D'], ['%', '%25']];

/** `Split(separator, count, RemoveEmptyEntries)` for count 2: empty parts dropped, the rest kept whole. */
function splitPair(text: string): string[] {
  const trimmed = text.replace(/^=+/, '');
  const at = trimmed.indexOf('=');
  if (at === -1) return trimmed === '' ? [] : [trimmed];
  const rest = trimmed.slice(at + 1).replace(/^=+/, '');
  return rest === '' ? [trimmed.slice(0, at)] : [trimmed.slice(0, at), rest];
}

/** `"x".Trim()`: .NET's whitespace. */
function dotnetTrim(text: string): string {
  return text.replace(/^[\s\u0085]+|[\s\u0085]+$/g, '');
}

function parseV2(raw: string, registered: ReadonlySet<string>): Omit<RunnerCommand, 'line'> | undefined {
  const message = raw.replace(LEADING, '');
  // StartsWith("::") after TrimStart (ICU: ignorables before and between the colons too).
  if (!new RegExp(`^:${IGNORABLE}*:`, 'u').test(message)) return undefined;
  const end = indexOf(message, COLONS, 2);
  if (end < 0) return undefined;
  const info = message.slice(2, end);
  const space = info.indexOf(' ');
  const command = space < 0 ? info : info.slice(0, space);
  if (!registered.has(command.toLowerCase())) return undefined;
  const properties: Record<string, string> = {};
  if (space > 0) {
    for (const property of dotnetTrim(info.slice(space + 1)).split(',').filter((part) => part !== '')) {
      const pair = splitPair(property);
      if (pair.length === 2) properties[(pair[0] as string).toLowerCase()] = unescape(pair[1] as string, PROPERTY);
    }
  }
  return { command, properties, data: unescape(message.slice(end + 2), DATA) };
}

function parseLegacy(message: string, registered: ReadonlySet<string>): Omit<RunnerCommand, 'line'> | undefined {
  const prefix = indexOf(message, PREFIX);
  if (prefix < 0) return undefined;
  const bracket = message.indexOf(']', prefix);
  if (bracket < 0) return undefined;
  const info = message.slice(prefix + 3, bracket);
  const space = info.indexOf(' ');
  const command = space < 0 ? info : info.slice(0, space);
  if (!registered.has(command.toLowerCase())) return undefined;
  const properties: Record<string, string> = {};
  if (space > 0) {
    for (const property of info.slice(space + 1).split(';').filter((part) => part !== '')) {
      const pair = splitPair(property);
      if (pair.length === 2) properties[(pair[0] as string).toLowerCase()] = unescape(pair[1] as string, LEGACY);
    }
  }
  return { command, properties, data: unescape(message.slice(bracket + 1), LEGACY) };
}

/** The lines of a step's output as the runner reads them. */
export function runnerLines(output: string): string[] {
  return output.split(/\r\n|\r|\n/);
}

/**
 * The commands the runner obeys in `output`, in order: stop-commands (and its resume token)
 * included, commands ignored while stopped left out.
 */
export function runnerCommands(output: string): RunnerCommand[] {
  const registered = new Set(REGISTERED);
  const obeyed: RunnerCommand[] = [];
  let stopToken: string | undefined;
  for (const line of runnerLines(output)) {
    if (line === '' || (indexOf(line, PREFIX) < 0 && indexOf(line, COLONS) < 0)) continue;
    const command = parseV2(line, registered) ?? parseLegacy(line, registered);
    if (command === undefined) continue;
    const name = command.command.toLowerCase();
    if (stopToken !== undefined) {
      if (name === stopToken.toLowerCase()) {
        registered.delete(stopToken.toLowerCase());
        stopToken = undefined;
        obeyed.push({ ...command, line });
      }
      continue;
    }
    if (name === 'stop-commands') {
      stopToken = command.data;
      registered.add(stopToken.toLowerCase());
    }
    obeyed.push({ ...command, line });
  }
  return obeyed;
}
