// The gist_list language model tool: the catalog (ids, labels, descriptions, variants, variables),
// so an agent can pick a gist for gist_generate. Reads settings and files only; nothing to confirm.
import * as vscode from 'vscode';
import type { GistCatalog } from '../catalog/gistCatalog';
import type { Logger } from '../shared/logger';
import { gistListing, parseListInput } from './gistListing';
import { ToolNames } from './toolNames';
import { textResult } from './toolResult';

export class GistListTool implements vscode.LanguageModelTool<unknown> {
  constructor(
    private readonly catalog: Pick<GistCatalog, 'entries'>,
    private readonly logger: Logger,
  ) {}

  prepareInvocation(): vscode.PreparedToolInvocation {
    return { invocationMessage: vscode.l10n.t('Reading the gist catalog…') };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>): Promise<vscode.LanguageModelToolResult> {
    const input = parseListInput(options.input);
    if (!input.ok) {
      return textResult(this.logger, input.reason);
    }
    try {
      return textResult(this.logger, gistListing(await this.catalog.entries(), input.search));
    } catch (error) {
      this.logger.error(`${ToolNames.list} failed unexpectedly: ${String(error)}`);
      return textResult(this.logger, 'The gist catalog could not be read. Tell the user the details are in the log (“Gist: Show Call Log”).');
    }
  }
}
