// What the status bar item shows for a state. Pure, so every state is unit tested.

import { labelText } from '../shared/inertText';
import { countInvisible } from '../shared/invisibles';
import type { AccountSnapshot } from '../shared/accountStatus';
import { commandLink, markdownStrong, markdownText } from '../shared/markdown';

export interface StatusView {
  readonly text: string;
  /** Markdown; outside text in it is escaped (see `markdown.ts`), so its only links are the extension's own. */
  readonly tooltip: string;
  /** The commands the tooltip links to: the only ones its MarkdownString may run. */
  readonly tooltipCommands: readonly string[];
  readonly command: string;
  readonly background: 'warning' | 'error' | undefined;
}

export type Translate = (message: string, ...args: Array<string | number>) => string;

const identity: Translate = (message, ...args) =>
  message.replace(/\{(\d+)\}/g, (_, index: string) => String(args[Number(index)] ?? ''));

/** A tooltip line that counts the invisible characters of the outside text it shows (written as `⟨U+…⟩`); none for none. */
function invisibleLine(t: Translate, ...texts: ReadonlyArray<string | undefined>): string {
  const count = texts.reduce((sum, text) => sum + countInvisible(text ?? ''), 0);
  if (count === 0) {
    return '';
  }
  return `\n\n${markdownText(`⚠ ${count === 1 ? t('1 invisible character, shown as ⟨U+…⟩') : t('{0} invisible characters, shown as ⟨U+…⟩', count)}`)}`;
}

export function statusView(snapshot: AccountSnapshot, commands: { setApiKey: string; menu: string; diagnose: string }, t: Translate = identity): StatusView {
  const { status } = snapshot;
  // The outside text each state's tooltip shows, for its count of invisible characters.
  const shownOutside = [snapshot.baseUrl, snapshot.profiles.length > 1 ? snapshot.profile : undefined];
  const base = snapshot.baseUrl === '' ? markdownText(t('not set')) : markdownText(snapshot.baseUrl);
  const lastCall = snapshot.lastCallId === undefined ? '' : `\n\n${markdownText(t('Last call id'))}: ${markdownText(snapshot.lastCallId)}`;
  // With more than one profile, the item says which one this window uses (and its menu switches).
  const several = snapshot.profiles.length > 1;
  const named = several ? ` · ${labelText(snapshot.profile, 64)}` : '';
  const profileLine = several ? `\n\n${markdownText(t('Profile'))}: ${markdownText(snapshot.profile)}` : '';
  switch (status.kind) {
    case 'signedOut':
      return {
        text: `$(key) ${t('Gist: Sign In')}${named}`,
        tooltip: `**Gist Generate**\n\n${markdownText(t('Not signed in.'))} ${commandLink(t('Set an API key'), commands.setApiKey)}${profileLine}\n\n${markdownText(t('Service'))}: ${base}${invisibleLine(t, ...shownOutside)}`,
        tooltipCommands: [commands.setApiKey],
        command: several ? commands.menu : commands.setApiKey,
        background: undefined,
      };
    case 'checking':
      return {
        text: `$(sync~spin) ${t('Gist')}${named}`,
        tooltip: `**Gist Generate**\n\n${markdownText(t('Checking the API key with {0}…', snapshot.baseUrl === '' ? t('not set') : snapshot.baseUrl))}${profileLine}${invisibleLine(t, ...shownOutside)}`,
        tooltipCommands: [],
        command: commands.menu,
        background: undefined,
      };
    case 'error': {
      // An unreachable service is a connection problem: the diagnosis says which step fails.
      const [fixLabel, fixCommand] = status.reason === 'unreachable' ? [t('Diagnose Connection'), commands.diagnose] : [t('Set API Key'), commands.setApiKey];
      return {
        text: `$(warning) ${t('Gist')}${named}`,
        tooltip: `**Gist Generate**\n\n${markdownText(status.message, 500)}${profileLine}\n\n${markdownText(t('Service'))}: ${base}${lastCall}${invisibleLine(t, status.message, snapshot.lastCallId, ...shownOutside)}\n\n${commandLink(fixLabel, fixCommand)}`,
        tooltipCommands: [fixCommand],
        command: commands.menu,
        background: status.reason === 'rejected' ? 'error' : 'warning',
      };
    }
    case 'signedIn': {
      const { user } = status;
      const icon = snapshot.generating > 0 ? '$(loading~spin)' : '$(account)';
      const lines = [
        markdownStrong(user.name),
        `${markdownText(t('Email'))}: ${markdownText(user.email)}`,
        `${markdownText(t('Company'))}: ${markdownText(user.company_id)}`,
        several ? `${markdownText(t('Profile'))}: ${markdownText(snapshot.profile)}` : '',
        `${markdownText(t('Service'))}: ${base}`,
      ].filter((line) => line !== '');
      const generating = snapshot.generating > 0 ? `\n\n${markdownText(t('Generating…'))}` : '';
      // A run over data shows its calls done beside the user, as its notification does.
      const lab = snapshot.labRuns;
      const labText = lab === undefined ? '' : `$(beaker) ${lab.done}/${lab.total} `;
      const labLine =
        lab === undefined ? '' : `\n\n${markdownText(lab.runs === 1 ? t('Running over data: {0} of {1} calls done', lab.done, lab.total) : t('{2} runs over data: {0} of {1} calls done', lab.done, lab.total, lab.runs))}`;
      return {
        text: `${labText}${icon} ${labelText(user.name, 100)}${named}`,
        tooltip: `${lines.join('\n\n')}${lastCall}${invisibleLine(t, user.name, user.email, user.company_id, snapshot.lastCallId, ...shownOutside)}${generating}${labLine}`,
        tooltipCommands: [],
        command: commands.menu,
        background: undefined,
      };
    }
  }
}
