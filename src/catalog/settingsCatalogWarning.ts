// A gist.gists setting cut at MAX_CATALOG_GISTS: a warning that opens the settings file it is in,
// once per source and size (the catalog is read on every pick).
import * as vscode from 'vscode';
import type { Catalog } from './catalog';
import type { Logger } from '../shared/logger';
import { showWarning } from '../shared/notify';
import { userMessage } from '../shared/userMessage';

const OPEN_SETTINGS = {
  user: 'workbench.action.openSettingsJson',
  workspace: 'workbench.action.openWorkspaceSettingsFile',
} as const;

export class SettingsCatalogWarning {
  private readonly reported = new Set<string>();

  constructor(private readonly logger: Logger) {}

  /** Returns the catalog as it is, after warning about a setting that was cut. */
  checked(catalog: Catalog): Catalog {
    for (const source of catalog.capped ?? []) {
      const problem = catalog.problems.find((text) => text.startsWith(source)) ?? source;
      if (this.reported.has(problem)) {
        continue;
      }
      this.reported.add(problem);
      this.logger.warn(problem);
      const open = vscode.l10n.t('Open Settings');
      const command = source.startsWith('settings') ? OPEN_SETTINGS.user : OPEN_SETTINGS.workspace;
      void Promise.resolve(showWarning(userMessage(vscode.l10n.t('Your gist catalog is too long: {0}'), problem), open)).then((choice) =>
        choice === open ? vscode.commands.executeCommand(command) : undefined,
      );
    }
    return catalog;
  }
}
