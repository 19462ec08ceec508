// The resume step's "Read the Whole Instruction…": a votes file's judging instruction opened whole
// in a read-only editor of the extension's own scheme, as plain text (nothing in it is markup or
// a command link), its tab named after the votes file. The step waits until the user closes it
// (Ctrl+W), then offers to resume: the user has seen all of what the model would get.
import * as vscode from 'vscode';
import { titleSegment } from '../shared/inertText';

export const JUDGE_INSTRUCTION_SCHEME = 'gist-judge-instruction';

export class JudgeInstructionViewer implements vscode.TextDocumentContentProvider, vscode.Disposable {
  /** The instructions open now, by document URI. */
  private readonly texts = new Map<string, string>();
  private counter = 0;
  private readonly registration: vscode.Disposable;

  constructor() {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(JUDGE_INSTRUCTION_SCHEME, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? vscode.l10n.t('This instruction is no longer open here: run Judge with a Language Model… again to read it.');
  }

  /** Opens `instruction` read-only, titled by `votesFile` (a file name); resolves once its tab is closed. */
  async show(instruction: string, votesFile: string): Promise<void> {
    this.counter += 1;
    const title = `${titleSegment(vscode.l10n.t('Judging instruction in {0}', votesFile), 120).replace(/:/g, '∶')} (${this.counter})`;
    const uri = vscode.Uri.from({ scheme: JUDGE_INSTRUCTION_SCHEME, path: `/${title}.txt` });
    this.texts.set(uri.toString(), instruction);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(document, 'plaintext');
    await vscode.window.showTextDocument(document, { preview: false });
    const message = vscode.window.setStatusBarMessage(vscode.l10n.t('$(book) Close the instruction’s editor (Ctrl+W) to go back to Judge with a Language Model'));
    await new Promise<void>((resolve) => {
      const closed = (): boolean => !vscode.window.tabGroups.all.some((group) => group.tabs.some((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString()));
      const watch = vscode.window.tabGroups.onDidChangeTabs(() => {
        if (!closed()) return;
        watch.dispose();
        resolve();
      });
    });
    message.dispose();
    this.texts.delete(uri.toString());
  }

  dispose(): void {
    this.registration.dispose();
    this.texts.clear();
  }
}
