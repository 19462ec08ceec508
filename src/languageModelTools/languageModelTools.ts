// The language model tools feature: gist_generate and gist_list, declared in package.json's
// `languageModelTools` and registered here, so agents and chat requests can find and call gists.
import * as vscode from 'vscode';
import type { Logger } from '../shared/logger';
import { GistGenerateTool, type GenerateToolParts } from './generateTool';
import { GistListTool } from './listTool';
import { ToolNames } from './toolNames';

export class LanguageModelTools {
  readonly generate: GistGenerateTool;
  readonly list: GistListTool;

  constructor(private readonly parts: GenerateToolParts) {
    this.generate = new GistGenerateTool(parts);
    this.list = new GistListTool(parts.catalog, parts.logger);
  }

  /** Registers both tools; a VS Code that refuses them loses the tools, not the extension. */
  register(): vscode.Disposable[] {
    return [register(ToolNames.generate, this.generate, this.parts.logger), register(ToolNames.list, this.list, this.parts.logger)].flatMap((registered) =>
      registered === undefined ? [] : [registered],
    );
  }
}

function register(name: string, tool: vscode.LanguageModelTool<unknown>, logger: Logger): vscode.Disposable | undefined {
  try {
    return vscode.lm.registerTool(name, tool);
  } catch (error) {
    logger.warn(`The language model tool ${name} could not be registered: ${String(error)}`);
    return undefined;
  }
}
