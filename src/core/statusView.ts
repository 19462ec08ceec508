// What the status bar item shows for a state. Pure, so every state is unit tested.

import type { AccountSnapshot } from './accountStatus';

export interface StatusView {
  readonly text: string;
  /** Markdown; command links are trusted. */
  readonly tooltip: string;
  readonly command: string;
  readonly background: 'warning' | 'error' | undefined;
}

export type Translate = (message: string, ...args: Array<string | number>) => string;

const identity: Translate = (message, ...args) =>
  message.replace(/\{(\d+)\}/g, (_, index: string) => String(args[Number(index)] ?? ''));

/** Escapes text from the service so it cannot inject Markdown or command links. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, (char) => `\\${char}`);
}

/** Stops a name such as `$(bug)` from rendering as an icon in the status bar text. */
export function escapeIcons(text: string): string {
  return text.replace(/\$\(/g, '\\$(');
}

export function statusView(snapshot: AccountSnapshot, commands: { setApiKey: string; menu: string; diagnose: string }, t: Translate = identity): StatusView {
  const { status } = snapshot;
  const base = snapshot.baseUrl === '' ? t('not set') : escapeMarkdown(snapshot.baseUrl);
  const lastCall = snapshot.lastCallId === undefined ? '' : `\n\n${t('Last call id')}: \`${snapshot.lastCallId.replace(/`/g, '')}\``;
  switch (status.kind) {
    case 'signedOut':
      return {
        text: `$(key) ${t('Gist: Sign In')}`,
        tooltip: `**Gist Generate**\n\n${t('Not signed in. [Set an API key]({0}) to start.', `command:${commands.setApiKey}`)}\n\n${t('Service')}: ${base}`,
        command: commands.setApiKey,
        background: undefined,
      };
    case 'checking':
      return {
        text: `$(sync~spin) ${t('Gist')}`,
        tooltip: `**Gist Generate**\n\n${t('Checking the API key with {0}…', base)}`,
        command: commands.menu,
        background: undefined,
      };
    case 'error': {
      // An unreachable service is a connection problem: the diagnosis says which step fails.
      const fix =
        status.reason === 'unreachable'
          ? `[${t('Diagnose Connection')}](command:${commands.diagnose})`
          : `[${t('Set API Key')}](command:${commands.setApiKey})`;
      return {
        text: `$(warning) ${t('Gist')}`,
        tooltip: `**Gist Generate**\n\n${escapeMarkdown(status.message)}\n\n${t('Service')}: ${base}${lastCall}\n\n${fix}`,
        command: commands.menu,
        background: status.reason === 'rejected' ? 'error' : 'warning',
      };
    }
    case 'signedIn': {
      const { user } = status;
      const icon = snapshot.generating > 0 ? '$(loading~spin)' : '$(account)';
      const lines = [
        `**${escapeMarkdown(user.name)}**`,
        `${t('Email')}: ${escapeMarkdown(user.email)}`,
        `${t('Company')}: \`${user.company_id.replace(/`/g, '')}\``,
        `${t('Service')}: ${base}`,
      ];
      const generating = snapshot.generating > 0 ? `\n\n${t('Generating…')}` : '';
      return {
        text: `${icon} ${escapeIcons(user.name)}`,
        tooltip: `${lines.join('\n\n')}${lastCall}${generating}`,
        command: commands.menu,
        background: undefined,
      };
    }
  }
}
