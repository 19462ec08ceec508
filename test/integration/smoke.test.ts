// The extension is found in the real VS Code, activates, and contributes its commands.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { EXTENSION_ID, extensionApi } from './support';

describe('Extension smoke', function () {
  it('activates and registers every command', async function () {
    const api = await extensionApi();
    assert.ok(vscode.extensions.getExtension(EXTENSION_ID)?.isActive);
    assert.equal(typeof api.state, 'function');
    const commands = await vscode.commands.getCommands(true);
    for (const id of ['gist.setApiKey', 'gist.signOut', 'gist.generate', 'gist.showLog', 'gist.copyLastCallId', 'gist.refreshAccount', 'gist.repeatLast', 'gist.compareVariants', 'gist.diagnoseConnection']) {
      assert.ok(commands.includes(id), id);
    }
  });
});
