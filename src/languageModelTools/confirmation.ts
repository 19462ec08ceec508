// What gist_generate's confirmation shows before anything is sent: the gist and where it was
// defined, the variant, and every value with where it came from (the chat, or the entry's default
// and the editor facts it read). Outside text enters the Markdown only escaped or fenced, with every
// invisible character shown as `⟨U+XXXX⟩` and counted: what is shown is all that is sent.
import * as vscode from 'vscode';
import { editorFilledValues } from '../catalog/editorValueConsent';
import { labelText } from '../shared/inertText';
import { countInvisible } from '../shared/invisibles';
import { invisibleNote } from '../shared/invisibleNote';
import { MAX_CONFIRMATION_VALUE_CHARS } from '../shared/limits';
import { markdownCodeBlock, markdownStrong, markdownText } from '../shared/markdown';
import type { CallPlan, PlannedValue } from './callPlan';
import type { Destination } from './confirmedCalls';

function origin(plan: CallPlan): string {
  return plan.entry.origin === 'workspace'
    ? vscode.l10n.t('Defined by this workspace in {0}, not by you.', markdownText(plan.entry.source))
    : vscode.l10n.t('From your own settings.');
}

function whereFrom(value: PlannedValue, plan: CallPlan): string {
  if (value.source.kind === 'given') {
    return vscode.l10n.t('from the chat');
  }
  const read = value.source.placeholders.map((name) => `\${${name}}`).join(', ');
  const fromWorkspace = plan.entry.origin === 'workspace';
  if (read === '') {
    return fromWorkspace ? vscode.l10n.t('default of the workspace gist') : vscode.l10n.t('default of your gist');
  }
  return fromWorkspace ? vscode.l10n.t('default of the workspace gist, filled from {0}', markdownText(read)) : vscode.l10n.t('default of your gist, filled from {0}', markdownText(read));
}

/** A line saying how many invisible characters `texts` hold (all of each, the part not shown too); none for none. */
function invisibleLine(...texts: readonly string[]): string[] {
  const count = texts.reduce((sum, text) => sum + countInvisible(text), 0);
  return count === 0 ? [] : [markdownText(`⚠ ${invisibleNote(count)}.`)];
}

function shownValue(value: string): string {
  const characters = [...value];
  const parts = [markdownCodeBlock(characters.length <= MAX_CONFIRMATION_VALUE_CHARS ? value : characters.slice(0, MAX_CONFIRMATION_VALUE_CHARS).join(''))];
  if (characters.length > MAX_CONFIRMATION_VALUE_CHARS) {
    parts.push(vscode.l10n.t('… and {0} more characters ({1} in all).', characters.length - MAX_CONFIRMATION_VALUE_CHARS, characters.length));
  }
  return [...parts, ...invisibleLine(value)].join('\n\n');
}

/** The service's host (the whole URL when it has none), and the profile whose key goes with the call. */
function whereTo({ profile, baseUrl }: Destination): string {
  let host = baseUrl;
  try {
    host = new URL(baseUrl).host;
  } catch {
    // Checked before any call; shown as it is written otherwise.
  }
  return profile === undefined
    ? vscode.l10n.t('Sent to {0}.', markdownStrong(host))
    : vscode.l10n.t('Sent to {0} with the key of profile {1}.', markdownStrong(host), markdownText(profile));
}

/** The confirmation and the progress message of a call that can be sent to `destination`. */
export function confirmationFor(plan: CallPlan, given: Readonly<Record<string, string>>, destination: Destination): vscode.PreparedToolInvocation {
  const { entry, request, values } = plan;
  const label = markdownStrong(entry.label);
  const lines = [
    vscode.l10n.t('Gist: {0} ({1}). {2}', label, markdownText(entry.id), origin(plan)),
    request.variant === undefined ? vscode.l10n.t('Variant: chosen by the service.') : vscode.l10n.t('Variant: {0}.', markdownText(request.variant)),
    // With several profiles the user must see where the values go.
    whereTo(destination),
    ...invisibleLine(entry.label, entry.id, entry.source, request.variant ?? ''),
  ];
  if (values.length === 0) {
    lines.push(vscode.l10n.t('No values.'));
  }
  for (const value of values) {
    lines.push(`${markdownStrong(value.name)} (${whereFrom(value, plan)}):${invisibleLine(value.name).map((line) => ` ${line}`).join('')}\n\n${shownValue(value.value)}`);
  }
  if (entry.origin === 'workspace' && editorFilledValues(entry.variables, request.values, given).length > 0) {
    lines.push(vscode.l10n.t('Text from your editor or clipboard would go to a gist the workspace defined: you will be asked about it before it is sent.'));
  }
  lines.push(vscode.l10n.t('The generated text goes back to the chat; nothing is inserted into a document.'));
  return {
    invocationMessage: new vscode.MarkdownString(vscode.l10n.t('Generating with {0}…', label)),
    confirmationMessages: {
      title: vscode.l10n.t('Generate with the gist “{0}”?', labelText(entry.label, 80)),
      message: new vscode.MarkdownString(lines.join('\n\n')),
    },
  };
}
