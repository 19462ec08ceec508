// Finds the files the extension's session writes: its output channel's log (in `context.logUri`,
// where VS Code puts a LogOutputChannel's file), the session's other logs, and the user settings.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import type { TestedApi } from './support';

export function extensionLogFile(api: TestedApi): string {
  return path.join(api.testing.logUri.fsPath, 'Gist Generate.log');
}

export function readExtensionLog(api: TestedApi): string {
  const file = extensionLogFile(api);
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** Every file under `dir` (recursively) with its text; large or unreadable files are read as far as they can be. */
export function filesUnder(dir: string): Array<{ file: string; text: string }> {
  const found: Array<{ file: string; text: string }> = [];
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, entry);
    try {
      if (statSync(file).isFile()) {
        found.push({ file, text: readFileSync(file).toString('latin1') });
      }
    } catch {
      // Removed while we walked.
    }
  }
  return found;
}

/** The session's log folder: two levels above the extension's (…/<session>/<window or exthost>/<extension id>). */
export function sessionLogDir(api: TestedApi): string {
  return path.dirname(path.dirname(api.testing.logUri.fsPath));
}

/** The user settings.json of the VS Code server running this extension host, found above its log folder. */
export function userSettingsFile(api: TestedApi): string {
  for (let dir = api.testing.logUri.fsPath; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'User', 'settings.json');
    if (existsSync(candidate)) {
      return candidate;
    }
  }
  throw new Error(`No User/settings.json above ${api.testing.logUri.fsPath}`);
}
