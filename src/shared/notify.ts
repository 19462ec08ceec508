// The only module that shows notifications, modals and notification progress (lint forbids VS Code's
// functions for them anywhere else): each takes a UserMessage, which only userMessage.ts makes, so
// outside text reaches those surfaces one line and never as a link. Button labels are the
// extension's own words.
import * as vscode from 'vscode';
import type { UserMessage } from './userMessage';

export function showError(message: UserMessage, ...buttons: string[]): Thenable<string | undefined> {
  return vscode.window.showErrorMessage(message, ...buttons);
}

export function showWarning(message: UserMessage, ...buttons: string[]): Thenable<string | undefined> {
  return vscode.window.showWarningMessage(message, ...buttons);
}

export function showInformation(message: UserMessage, ...buttons: string[]): Thenable<string | undefined> {
  return vscode.window.showInformationMessage(message, ...buttons);
}

/** A modal warning with its detail; resolves with the button chosen, undefined for Cancel. */
export function askModal(message: UserMessage, detail: UserMessage | undefined, ...buttons: string[]): Thenable<string | undefined> {
  return vscode.window.showWarningMessage(message, detail === undefined ? { modal: true } : { modal: true, detail }, ...buttons);
}

/** What a notification progress may report: a step's message is shown after the title, as one text. */
export interface NotificationProgress {
  report(value: { readonly message?: UserMessage; readonly increment?: number }): void;
}

/** A cancellable progress notification titled `title`. */
export function withNotificationProgress<R>(title: UserMessage, task: (progress: NotificationProgress, token: vscode.CancellationToken) => Thenable<R>): Thenable<R> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, task);
}
