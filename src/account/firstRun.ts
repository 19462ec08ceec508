// Offers the walkthrough once, the first time the extension is used with nothing set up.
import * as vscode from 'vscode';
import { showInformation } from '../shared/notify';
import { GlobalStateKeys } from '../shared/storageKeys';
import { userMessage } from '../shared/userMessage';

const OFFERED_KEY = GlobalStateKeys.walkthroughOffered;
export const WALKTHROUGH_ID = 'gist-generate.gist-generate#gettingStarted';

/** `globalState` is the extension's LoggedMemento: the unawaited write below is logged if it fails. */
export function offerWalkthroughOnce(globalState: vscode.Memento): void {
  if (globalState.get<boolean>(OFFERED_KEY) === true) {
    return;
  }
  void globalState.update(OFFERED_KEY, true);
  const open = vscode.l10n.t('Open Walkthrough');
  void Promise.resolve(
    showInformation(userMessage(vscode.l10n.t('New to Gist Generate? The walkthrough connects it to your gist service step by step.')), open),
  ).then((choice) => (choice === open ? vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH_ID, false) : undefined));
}
