// The catalog feature: the gists the pickers offer, from the gist.gists setting (the user's own
// entries first) and every workspace folder's .vscode/gists.json.
import * as vscode from 'vscode';
import { mergeCatalogs, parseCatalog, type Catalog } from './catalog';
import type { Logger } from '../shared/logger';
import { settings } from '../shared/settings';
import { SettingsCatalogWarning } from './settingsCatalogWarning';
import { combinedCatalog, WorkspaceCatalog } from './workspaceCatalog';

/**
 * Each level of gist.gists on its own, so every entry knows whether the user or the workspace
 * wrote it; the user's win on a shared id. An untrusted workspace's levels are not read.
 */
function settingsCatalog(): Catalog {
  const levels = settings.gists();
  const user = parseCatalog(levels.user, 'settings (gist.gists)', 'user');
  if (!vscode.workspace.isTrusted) {
    return mergeCatalogs(user, { gists: [], problems: [], restricted: true });
  }
  return mergeCatalogs(
    user,
    parseCatalog(levels.workspace, 'workspace settings (gist.gists)', 'workspace'),
    parseCatalog(levels.folder, 'folder settings (gist.gists)', 'workspace'),
  );
}

export class GistCatalog implements vscode.Disposable {
  private readonly workspace: WorkspaceCatalog;
  private readonly settingsWarning: SettingsCatalogWarning;

  constructor(logger: Logger) {
    this.workspace = new WorkspaceCatalog(logger);
    this.settingsWarning = new SettingsCatalogWarning(logger);
  }

  /** Read afresh each time (the files are cached until they change); a setting cut at its cap is warned about once. */
  entries(): Promise<Catalog> {
    return combinedCatalog(this.settingsWarning.checked(settingsCatalog()), this.workspace);
  }

  dispose(): void {
    this.workspace.dispose();
  }
}
