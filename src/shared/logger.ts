// The one log of the extension, over a LogOutputChannel (levels via "Developer: Set Log Level…").
// Every line passes through redaction so a key can never reach the output channel, and has its
// control characters escaped so outside text inside it can never start a line of its own, and its
// other invisible characters shown, so it can hide nothing either.
import * as vscode from 'vscode';
import { unhiddenLine } from './oneLine';
import { isRedactable, redactSecrets } from './redact';

export class Logger implements vscode.Disposable {
  private readonly channel: vscode.LogOutputChannel;
  private readonly secrets = new Set<string>();

  constructor(name: string) {
    this.channel = vscode.window.createOutputChannel(name, { log: true });
  }

  /** Registers a value (the API key) that must never be written. */
  addSecret(secret: string | undefined): void {
    if (isRedactable(secret)) {
      this.secrets.add(secret);
    }
  }

  /** Every key registered, for redaction elsewhere (the client takes them out of each response). */
  knownSecrets(): string[] {
    return [...this.secrets];
  }

  redact(text: string): string {
    return redactSecrets(text, this.secrets);
  }

  /** What is written for `message`: redacted, then one line. */
  private line(message: string): string {
    return unhiddenLine(this.redact(message));
  }

  /**
   * A trace line, built only when the channel is at trace level: trace lines quote whole values and
   * contents, and building one for a 1 MB call (JSON, redaction, escaping) took about 10 ms.
   */
  trace(message: () => string): void {
    if (this.channel.logLevel === vscode.LogLevel.Trace) {
      this.channel.trace(this.line(message()));
    }
  }
  debug(message: string): void {
    this.channel.debug(this.line(message));
  }
  info(message: string): void {
    this.channel.info(this.line(message));
  }
  warn(message: string): void {
    this.channel.warn(this.line(message));
  }
  error(message: string): void {
    this.channel.error(this.line(message));
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.channel.dispose();
  }
}
