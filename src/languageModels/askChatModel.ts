// A chat model as an AskModel: one user message, the answer's text read as it streams, with a
// cancellation that reaches the provider. Every failure comes out as a ModelFailure: VS Code's
// LanguageModelError by its code, a prompt longer than the model takes, an answer longer than we
// read, a cancel. Requests are only ever made from a run the user started and agreed to.
import * as vscode from 'vscode';
import type { AskModel } from './askModel';
import { ModelFailure, modelFailureOf } from './modelFailure';

export interface AskOptions {
  /** Why the extension asks, shown by VS Code where it asks the user for access to the model. */
  readonly justification: string;
  /** Characters of the answer read at most; past them the request is cancelled and fails. */
  readonly maxAnswerChars: number;
}

export function chatModelAsker(model: vscode.LanguageModelChat, options: AskOptions): AskModel {
  return async (prompt, signal) => {
    const source = new vscode.CancellationTokenSource();
    const abort = (): void => source.cancel();
    signal?.addEventListener('abort', abort);
    try {
      if (signal?.aborted === true) {
        throw new ModelFailure('cancelled', 'Cancelled.');
      }
      await checkLength(model, prompt, source.token);
      const response = await model.sendRequest([vscode.LanguageModelChatMessage.User(prompt)], { justification: options.justification }, source.token);
      let answer = '';
      for await (const chunk of response.text) {
        answer += chunk;
        if (answer.length > options.maxAnswerChars) {
          source.cancel();
          throw new ModelFailure('answerTooLong', `The answer went on past ${options.maxAnswerChars.toLocaleString('en-US')} characters.`);
        }
      }
      return answer;
    } catch (error) {
      throw modelFailureOf(error, signal?.aborted === true);
    } finally {
      signal?.removeEventListener('abort', abort);
      source.dispose();
    }
  };
}

/**
 * Fails a prompt the model cannot take. A token is at least one character for the tokenizers in use,
 * so the model is asked to count only when the prompt has more characters than it takes tokens.
 */
async function checkLength(model: vscode.LanguageModelChat, prompt: string, token: vscode.CancellationToken): Promise<void> {
  if (prompt.length <= model.maxInputTokens) {
    return;
  }
  let tokens: number;
  try {
    tokens = await model.countTokens(prompt, token);
  } catch {
    // A provider that cannot count says so when it gets the request.
    return;
  }
  if (tokens > model.maxInputTokens) {
    throw new ModelFailure('tooLong', `The request has ${tokens.toLocaleString('en-US')} tokens; the model takes at most ${model.maxInputTokens.toLocaleString('en-US')}.`);
  }
}
