// Asks before editor or clipboard text goes to a gist the workspace defined (the decision is
// src/core/editorValueConsent.ts), and remembers "Always for This Gist" per workspace.
import * as vscode from 'vscode';
import type { CatalogGist } from './catalog';
import { consentDetail, type ConsentQuestion } from './consentQuestion';
import { consentDecision } from './editorValueConsent';
import type { Logger } from '../shared/logger';
import { invisibleNote } from '../shared/invisibleNote';
import { askModal } from '../shared/notify';
import { userMessage } from '../shared/userMessage';
import { WorkspaceStateKeys } from '../shared/storageKeys';

export type { ConsentQuestion } from './consentQuestion';

export type ConsentChoice = 'once' | 'always' | 'cancel';

export type ConsentDialog = (question: ConsentQuestion) => Promise<ConsentChoice>;

/** The one call generate and compare make, after the values are known and before the service is called. */
export interface EditorValueConsent {
  /**
   * True when the call may go out. `gist` is the catalog entry the caller already looked up
   * (undefined for an ad-hoc id); `given` are the values passed as command arguments.
   */
  confirm(gist: CatalogGist | undefined, values: Readonly<Record<string, string>>, given?: Readonly<Record<string, string>>): Promise<boolean>;
}

/** workspaceState: `[gistId, signature]` pairs agreed to with "Always", newest last. */
const ALWAYS_KEY = WorkspaceStateKeys.alwaysSendEditorValues;
const MAX_ALWAYS = 100;

type AlwaysEntry = readonly [string, string];

/** A modal warning: the user must answer before anything is sent. */
export const askWithModal: ConsentDialog = async (question) => {
  const once = vscode.l10n.t('Send Once');
  const always = vscode.l10n.t('Always for This Gist');
  const detail = consentDetail(question, {
    intro: vscode.l10n.t('This workspace, not you, defined the gist below. Its defaults fill these values from your editor or clipboard:'),
    gist: vscode.l10n.t('Gist: “{0}” ({1}), defined in {2}.'),
    cancel: vscode.l10n.t('Cancel sends nothing.'),
    characters: (count) => vscode.l10n.t('{0} characters', count),
    invisible: invisibleNote,
  });
  const choice = await askModal(userMessage(vscode.l10n.t('Send text from your editor to a workspace gist?')), detail, once, always);
  return choice === always ? 'always' : choice === once ? 'once' : 'cancel';
};

export class WorkspaceGistConsent implements EditorValueConsent {
  private dialog: ConsentDialog = askWithModal;

  constructor(
    private readonly workspaceState: vscode.Memento,
    private readonly logger: Logger,
  ) {}

  /** Integration tests answer the question (a modal cannot be answered from the extension host); Test mode only. */
  answerForTest(dialog: ConsentDialog | undefined): void {
    this.dialog = dialog ?? askWithModal;
  }

  async confirm(gist: CatalogGist | undefined, values: Readonly<Record<string, string>>, given?: Readonly<Record<string, string>>): Promise<boolean> {
    const decision = consentDecision(gist, values, given, gist === undefined ? undefined : this.always().find(([id]) => id === gist.id)?.[1]);
    if (decision.kind === 'send' || gist === undefined) {
      return true;
    }
    const choice = await this.dialog({ gistId: gist.id, label: gist.label, source: gist.source, filled: decision.filled });
    // JSON.stringify: the id comes from the workspace and stays on one log line.
    this.logger.info(`Editor values for workspace gist ${JSON.stringify(gist.id)} (${decision.filled.map((value) => value.name).join(', ')}): ${choice}`);
    if (choice === 'always') {
      const kept = this.always().filter(([id]) => id !== gist.id);
      await this.workspaceState.update(ALWAYS_KEY, [...kept, [gist.id, decision.signature]].slice(-MAX_ALWAYS));
    }
    return choice !== 'cancel';
  }

  private always(): readonly AlwaysEntry[] {
    const stored = this.workspaceState.get<unknown>(ALWAYS_KEY);
    return Array.isArray(stored)
      ? stored.filter((entry): entry is AlwaysEntry => Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string')
      : [];
  }
}
