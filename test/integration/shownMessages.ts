// Records what the extension hands VS Code to show as a notification, a modal or a notification
// progress: the tests share the extension's `vscode` API object (same extension), so wrapping its
// `window` functions sees every call, whichever module of the extension makes it. The calls still
// go through to VS Code; the tests read the text VS Code was given.
import * as vscode from 'vscode';

export interface ShownMessage {
  readonly kind: 'error' | 'warning' | 'information' | 'progress';
  /** The message, or the progress title and each reported message joined as VS Code does (`title: message`). */
  readonly texts: readonly string[];
  /** A modal's detail. */
  readonly detail?: string | undefined;
}

type Window = typeof vscode.window;
type Patched = Pick<Window, 'showErrorMessage' | 'showWarningMessage' | 'showInformationMessage' | 'withProgress'>;

function detailOf(args: readonly unknown[]): string | undefined {
  const [options] = args;
  return typeof options === 'object' && options !== null && 'detail' in options && typeof options.detail === 'string' ? options.detail : undefined;
}

/** Picks a message's button as a user would (undefined: closed); given to recordShownMessages, VS Code does not show the message. */
export type MessageAnswer = (message: string, buttons: readonly string[]) => string | undefined;

/**
 * Records every message shown until `dispose()`, which puts VS Code's functions back. With
 * `answer`, messages are answered by it instead of waiting for a click in the workbench.
 */
export function recordShownMessages(answer?: MessageAnswer): { readonly shown: ShownMessage[]; dispose(): void } {
  const window = vscode.window as Window & Patched;
  const original: Patched = {
    showErrorMessage: window.showErrorMessage,
    showWarningMessage: window.showWarningMessage,
    showInformationMessage: window.showInformationMessage,
    withProgress: window.withProgress,
  };
  const shown: ShownMessage[] = [];
  const wrap = (kind: 'error' | 'warning' | 'information', show: (...args: never[]) => unknown) =>
    ((message: string, ...rest: unknown[]) => {
      shown.push({ kind, texts: [message], detail: detailOf(rest) });
      if (answer !== undefined) return Promise.resolve(answer(message, rest.filter((item): item is string => typeof item === 'string')));
      return (show as (...args: unknown[]) => unknown).call(window, message, ...rest);
    }) as never;
  Object.assign(window, {
    showErrorMessage: wrap('error', original.showErrorMessage),
    showWarningMessage: wrap('warning', original.showWarningMessage),
    showInformationMessage: wrap('information', original.showInformationMessage),
    withProgress: ((options: vscode.ProgressOptions, task: Parameters<Window['withProgress']>[1]) => {
      if (options.location !== vscode.ProgressLocation.Notification) {
        return original.withProgress.call(window, options, task);
      }
      const texts: string[] = options.title === undefined ? [] : [options.title];
      shown.push({ kind: 'progress', texts });
      return original.withProgress.call(window, options, (progress, token) =>
        task(
          {
            report: (value) => {
              if (value.message !== undefined) {
                texts.push(options.title === undefined ? value.message : `${options.title}: ${value.message}`);
              }
              progress.report(value);
            },
          },
          token,
        ),
      );
    }) as Window['withProgress'],
  });
  return {
    shown,
    dispose: () => {
      Object.assign(window, original);
    },
  };
}
