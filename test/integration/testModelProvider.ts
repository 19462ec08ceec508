// The test-only language model provider (test/fixtures/languageModelProvider), as the suites that
// drive a chat model through vscode.lm see it: the judge's and llm-rubric's.
import * as vscode from 'vscode';

/** What test/fixtures/languageModelProvider/extension.js's activate() returns. */
export interface TestModelProvider {
  readonly vendor: string;
  readonly model: string;
  readonly available: boolean;
  readonly reason: string;
  readonly requests: string[];
  respond: ((prompt: string, token: vscode.CancellationToken) => string | Promise<string>) | undefined;
}

export const PROVIDER_EXTENSION = 'gist-test.judge-test-models';

/**
 * VS Code 1.100's API (our @types/vscode) has no way for an extension to provide a chat model; the
 * versions that have it (1.139 here) show `vscode.lm.registerLanguageModelChatProvider`. Known when
 * a suite's file loads, so the skip and its reason are in the suite's report.
 */
export const SKIPPED_WITHOUT_PROVIDER_API =
  typeof (vscode.lm as typeof vscode.lm & { registerLanguageModelChatProvider?: unknown }).registerLanguageModelChatProvider === 'function'
    ? undefined
    : `skipped on VS Code ${vscode.version}: its API has no vscode.lm.registerLanguageModelChatProvider, so no test can provide a language model`;
