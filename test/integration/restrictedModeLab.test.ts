// In Restricted Mode (a folder the user has not trusted) the lab sends nothing: Run over Data,
// and Resume and Rerun Failed of a results file the repository holds (its header names the gist,
// the variants and a data file of the repository, which a resume would send with the user's key).
// Runs only in `npm run test:integration:untrusted` (`@untrusted`); skips itself otherwise.
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { resultsHeaderOf } from '../fixtures/resultsHeader';
import { recordShownMessages } from './shownMessages';
import { resetForTest, service, signedInApi } from './support';

const CSV = 'name\nAda\nGrace\n';

describe('@untrusted Restricted Mode: the lab sends nothing', function () {
  let folder: vscode.Uri;
  let data: vscode.Uri;
  let results: vscode.Uri;
  let resultsText: string;

  before(async function () {
    if (vscode.workspace.isTrusted) {
      this.skip();
    }
    const workspace = vscode.workspace.workspaceFolders?.[0];
    assert.ok(workspace);
    folder = vscode.Uri.joinPath(workspace.uri, 'untrusted-lab');
    data = vscode.Uri.joinPath(folder, 'people.csv');
    results = vscode.Uri.joinPath(folder, 'people.welcome-email.gistrun.jsonl');
    // A run that never started: every cell missing, its data file the repository's own, unchanged.
    const sha256 = createHash('sha256').update(CSV).digest('hex');
    resultsText = `${JSON.stringify(resultsHeaderOf({ data: { path: 'people.csv', sha256, format: 'csv', rows: 2 } }, 2))}\n`;
    await vscode.workspace.fs.writeFile(data, new TextEncoder().encode(CSV));
    await vscode.workspace.fs.writeFile(results, new TextEncoder().encode(resultsText));
    await signedInApi();
  });

  beforeEach(async function () {
    await resetForTest();
  });

  after(async function () {
    if (!vscode.workspace.isTrusted) {
      await vscode.workspace.fs.delete(folder, { recursive: true });
    }
  });

  it('Run over Data, Resume and Rerun Failed each say why and call nothing; the results file is left as it was', async function () {
    // Any question answered yes: nothing may get as far as asking.
    const messages = recordShownMessages((_message, buttons) => buttons.find((button) => /^Run /.test(button)));
    try {
      await vscode.commands.executeCommand('gist.lab.runOverData', { gistId: 'welcome-email', variants: ['formal'], dataFile: data.fsPath });
      await vscode.commands.executeCommand('gist.lab.resume', results);
      await vscode.commands.executeCommand('gist.lab.rerunFailed', results);
    } finally {
      messages.dispose();
    }
    const said = messages.shown.map((message) => `${message.kind}: ${message.texts.join(' ')}`);
    assert.equal(said.length, 3, said.join('\n'));
    for (const line of said) assert.match(line, /^warning: .* not available in Restricted Mode: .* Trust the folder to use (it|them)\.$/, line);
    assert.equal((await service().calls()).filter((call) => call.path.startsWith('/v1/generate')).length, 0);
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(results)), resultsText);
  });
});
