// The folder of the history's files, under the extension's global storage (shared by every window
// of the profile on this machine): one file per call, named by its item's id, with the call's
// values and whole content or error; and the marker of the last Clear. Every read and write of
// the folder goes through here.
import * as vscode from 'vscode';
import { parseHistory, type HistoryEntry } from './historyEntry';
import { isItemId, itemOf, type HistoryItem } from './historyItem';
import { parseClearedBefore } from './historyMerge';

/** In the folder: when the history was last cleared (milliseconds), seen at once by every window on this machine. */
const CLEARED_MARKER = 'cleared';

export class HistoryFiles {
  private readonly encoder = new TextEncoder();
  private readonly decoder = new TextDecoder();

  constructor(
    readonly folder: vscode.Uri,
    /** Where a folder that cannot be read is reported (the extension's log). */
    private readonly logError: (message: string) => void,
  ) {}

  /** Writes the entry's file; the reason it could not, for the caller to log. */
  async write(item: HistoryItem, entry: HistoryEntry): Promise<string | undefined> {
    const { id: _id, unavailable: _unavailable, ...stored } = entry;
    try {
      await vscode.workspace.fs.createDirectory(this.folder);
      await vscode.workspace.fs.writeFile(this.fileOf(item.id), this.encoder.encode(JSON.stringify(stored)));
      return undefined;
    } catch (error) {
      return String(error);
    }
  }

  /** The entry of `id` as its file holds it, capped again on the way in; throws when it cannot be read. */
  async read(id: string): Promise<HistoryEntry | undefined> {
    const [entry] = parseHistory([JSON.parse(this.decoder.decode(await vscode.workspace.fs.readFile(this.fileOf(id)))) as unknown]);
    return entry;
  }

  /** The item of an entry another window wrote; undefined when its file cannot be read (being written, or removed meanwhile) or is malformed. */
  async readItem(id: string): Promise<HistoryItem | undefined> {
    try {
      const entry = await this.read(id);
      return entry === undefined ? undefined : itemOf(entry, id);
    } catch {
      return undefined;
    }
  }

  async delete(id: string): Promise<void> {
    try {
      await vscode.workspace.fs.delete(this.fileOf(id), { useTrash: false });
    } catch {
      // Already gone (another window removed it): nothing to remove.
    }
  }

  /** The ids of the entries' files; undefined when the folder cannot be read (then nothing may be removed by what it lacks). */
  async ids(): Promise<string[] | undefined> {
    try {
      const names = await vscode.workspace.fs.readDirectory(this.folder);
      return names.flatMap(([name, type]) => {
        const id = name.endsWith('.json') ? name.slice(0, -'.json'.length) : '';
        return type === vscode.FileType.File && isItemId(id) ? [id] : [];
      });
    } catch (error) {
      if (error instanceof vscode.FileSystemError && error.code === 'FileNotFound') {
        return [];
      }
      this.logError(`Could not read the history's folder ${this.folder.toString(true)}: ${String(error)}`);
      return undefined;
    }
  }

  /** When the history was last cleared, as the marker says; 0 without one. */
  async clearedBefore(): Promise<number> {
    try {
      return parseClearedBefore(this.decoder.decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(this.folder, CLEARED_MARKER))));
    } catch {
      return 0;
    }
  }

  async markCleared(at: number): Promise<void> {
    try {
      await vscode.workspace.fs.createDirectory(this.folder);
      await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(this.folder, CLEARED_MARKER), this.encoder.encode(String(at)));
    } catch (error) {
      this.logError(`Could not mark the history as cleared in ${this.folder.toString(true)}: ${String(error)}`);
    }
  }

  /**
   * Calls `changed` whenever a file in the folder is created, changed or removed, except the
   * files of the calls `isOwn` names (this window's own writes, which it knows already).
   */
  async watch(changed: () => void, isOwn: (id: string) => boolean): Promise<vscode.Disposable> {
    // A folder that is not there cannot be watched.
    await vscode.workspace.fs.createDirectory(this.folder);
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(this.folder, '*'));
    const onEvent = (uri: vscode.Uri): void => {
      const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
      if (!(name.endsWith('.json') && isOwn(name.slice(0, -'.json'.length)))) {
        changed();
      }
    };
    return vscode.Disposable.from(watcher, watcher.onDidCreate(onEvent), watcher.onDidChange(onEvent), watcher.onDidDelete(onEvent));
  }

  private fileOf(id: string): vscode.Uri {
    return vscode.Uri.joinPath(this.folder, `${id}.json`);
  }
}
