// A tool result of text parts, each with the API key taken out (defence in depth: no reply is
// built from the key, but generated text could echo a value the user pasted it into).
import * as vscode from 'vscode';
import type { Logger } from '../shared/logger';

export function textResult(logger: Logger, ...parts: readonly string[]): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult(parts.map((part) => new vscode.LanguageModelTextPart(logger.redact(part))));
}
