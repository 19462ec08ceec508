// The catalog feature: the gists the pickers offer, from the gist.gists setting (the user's own
// entries first) and every workspace folder's .vscode/gists.json.
import type * as vscode from 'vscode';
import type { Catalog } from './catalog';
import type { Logger } from '../shared/logger';
import { settings } from '../shared/settings';
import { SettingsCatalogWarning } from './settingsCatalogWarning';
import { combinedCatalog, WorkspaceCatalog } from './workspaceCatalog';

export class GistCatalog implements vscode.Disposable {
  private readonly workspace: WorkspaceCatalog;
  private readonly settingsWarning: SettingsCatalogWarning;

  constructor(logger: Logger) {
    this.workspace = new WorkspaceCatalog(logger);
    this.settingsWarning = new SettingsCatalogWarning(logger);
  }

  /** Read afresh each time (the files are cached until they change); a setting cut at its cap is warned about once. */
  entries(): Promise<Catalog> {
    return combinedCatalog(this.settingsWarning.checked(settings.catalog()), this.workspace);
  }

  dispose(): void {
    this.workspace.dispose();
  }
}
