// The shared catalog: `.vscode/gists.json` in each workspace folder, read through
// `vscode.workspace.fs` (so remote and virtual workspaces work), on first use rather than at
// activation, and again whenever a file changes. Invalid or oversized files are skipped with a
// warning. A repository is untrusted input: in an untrusted workspace the files are not read, and a
// folder on disk is read through catalogFile.ts, which refuses what is not a regular file (a link to
// /dev/zero) and reads no more than the cap, whatever the file's size says.
import * as vscode from 'vscode';
import { mergeCatalogs, type Catalog } from './catalog';
import { readCatalogFile, refusedReason } from './catalogFile';
import { catalogFromBytes, tooLargeReason, type CatalogFromText } from './catalogText';
import type { Logger } from '../shared/logger';
import { showWarning } from '../shared/notify';
import { userMessage } from '../shared/userMessage';

export const CATALOG_FILE = '.vscode/gists.json';

function fileUri(folder: vscode.WorkspaceFolder): vscode.Uri {
  return vscode.Uri.joinPath(folder.uri, '.vscode', 'gists.json');
}

function isNotFound(error: unknown): boolean {
  return error instanceof vscode.FileSystemError && (error.code === 'FileNotFound' || error.code === 'EntryNotFound');
}

/** Settings first (a personal entry overrides a shared one with the same id), then the files. */
export async function combinedCatalog(settingsCatalog: Catalog, workspace: WorkspaceCatalog): Promise<Catalog> {
  return mergeCatalogs(settingsCatalog, await workspace.catalog());
}

export class WorkspaceCatalog implements vscode.Disposable {
  private loading: Promise<Catalog> | undefined;
  private watchers: vscode.Disposable[] = [];
  private readonly subscriptions: vscode.Disposable[] = [];
  /** The last invalid-file message per file, so a broken file is reported once, not on every read. */
  private readonly reported = new Map<string, string>();

  /** Watchers start with the first read: making them took 3.4 ms of activate() (npm run bench). */
  private watching = false;

  constructor(private readonly logger: Logger) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        if (this.watching) {
          this.watchFolders();
        }
        this.invalidate();
      }),
      // Restricted Mode ends: the files are read now, without a reload.
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.invalidate()),
    );
  }

  /** Every folder's gists, read on first use and cached until a file changes. */
  catalog(): Promise<Catalog> {
    if (!vscode.workspace.isTrusted) {
      return Promise.resolve({ gists: [], problems: [], restricted: true });
    }
    if (!this.watching) {
      this.watching = true;
      this.watchFolders();
    }
    this.loading ??= this.readAll();
    return this.loading;
  }

  private invalidate(): void {
    this.loading = undefined;
  }

  private watchFolders(): void {
    for (const watcher of this.watchers) {
      watcher.dispose();
    }
    this.watchers = (vscode.workspace.workspaceFolders ?? []).map((folder) => {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, CATALOG_FILE));
      return vscode.Disposable.from(
        watcher,
        watcher.onDidCreate(() => this.invalidate()),
        watcher.onDidChange(() => this.invalidate()),
        watcher.onDidDelete(() => this.invalidate()),
      );
    });
  }

  private async readAll(): Promise<Catalog> {
    const folders = vscode.workspace.workspaceFolders ?? [];
    const catalogs = await Promise.all(folders.map((folder) => this.readFolder(folder, folders.length > 1)));
    return mergeCatalogs(...catalogs);
  }

  private async readFolder(folder: vscode.WorkspaceFolder, multiRoot: boolean): Promise<Catalog> {
    const uri = fileUri(folder);
    const source = multiRoot ? `${folder.name}/${CATALOG_FILE}` : CATALOG_FILE;
    const parsed = uri.scheme === 'file' ? await this.readFromDisk(uri, source) : await this.readThroughWorkspace(uri, source);
    if (parsed === undefined) {
      this.reported.delete(uri.toString());
      return { gists: [], problems: [] };
    }
    if (!parsed.ok) {
      return this.invalid(uri, source, parsed.reason);
    }
    this.reported.delete(uri.toString());
    if (parsed.catalog.problems.length > 0) {
      this.reportInvalid(uri, source, parsed.catalog.problems.join(' '));
    }
    return parsed.catalog;
  }

  /** A folder on disk: through the shared bounded read. Undefined when there is no file. */
  private async readFromDisk(uri: vscode.Uri, source: string): Promise<CatalogFromText | undefined> {
    const read = await readCatalogFile(uri.fsPath, source, 'workspace');
    if (read.ok) return read.parsed;
    return read.kind === 'missing' ? undefined : { ok: false, reason: refusedReason(read) };
  }

  /** A remote or virtual folder: its file system provider reads it, a file only, the size first. Undefined when there is none (or it cannot be read: logged). */
  private async readThroughWorkspace(uri: vscode.Uri, source: string): Promise<CatalogFromText | undefined> {
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      // A device or pipe behind a link is no File: refused before any read.
      if ((stat.type & vscode.FileType.File) === 0) {
        return { ok: false, reason: 'not a regular file (a folder, a device or a pipe?): replace it with a file, or remove it' };
      }
      // The size first, so an oversized file is never read into memory.
      const tooLarge = tooLargeReason(stat.size);
      if (tooLarge !== undefined) {
        return { ok: false, reason: tooLarge };
      }
      return catalogFromBytes(await vscode.workspace.fs.readFile(uri), source, 'workspace');
    } catch (error) {
      if (!isNotFound(error)) {
        this.logger.warn(`${source} could not be read: ${String(error)}`);
      }
      return undefined;
    }
  }

  private invalid(uri: vscode.Uri, source: string, reason: string): Catalog {
    this.reportInvalid(uri, source, `it is ${reason}; its gists are not offered.`);
    return { gists: [], problems: [`${source} is ${reason}; its gists are not offered.`] };
  }

  private reportInvalid(uri: vscode.Uri, source: string, reason: string): void {
    this.logger.warn(`${source}: ${reason}`);
    if (this.reported.get(uri.toString()) === reason) {
      return;
    }
    this.reported.set(uri.toString(), reason);
    const open = vscode.l10n.t('Open File');
    void Promise.resolve(
      // The problems quote the file's ids: the reason is an outside value, whole.
      showWarning(userMessage(vscode.l10n.t('The shared gist catalog {0} has a problem: {1}'), source, reason), open),
    ).then((choice) => (choice === open ? vscode.window.showTextDocument(uri) : undefined));
  }

  dispose(): void {
    for (const disposable of [...this.watchers, ...this.subscriptions]) {
      disposable.dispose();
    }
  }
}
