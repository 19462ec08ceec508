// In Restricted Mode (a folder the user has not trusted) a repository's test files are listed in
// the Test Explorer, marked as not run, and running them sends nothing: each says why. Runs only in
// `npm run test:integration:untrusted` (Workspace Trust on, `@untrusted`); skips itself otherwise.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { CheckReport } from '../../src/checks/checkTestRun';
import { resetForTest, service, signedInApi, type TestedApi } from './support';

describe('@untrusted Restricted Mode: checks are listed, never run', function () {
  let api: TestedApi;
  let file: vscode.Uri;

  before(async function () {
    if (vscode.workspace.isTrusted) {
      this.skip();
    }
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    file = vscode.Uri.joinPath(folder.uri, 'untrusted-checks', 'repo.gisttest.json');
    const test = { gist: 'echo', tests: [{ description: 'sends a value', vars: { text: 'from the repository' }, assert: [{ type: 'contains', value: 'repository' }] }] };
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(test)));
    api = await signedInApi();
    await api.testing.checks.discover(true);
  });

  beforeEach(async function () {
    await resetForTest();
  });

  after(async function () {
    if (!vscode.workspace.isTrusted) {
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(file, '..'), { recursive: true });
    }
  });

  it('lists the test file, marked as not run here', function () {
    const item = api.testing.checks.controller.items.get(file.toString());
    assert.ok(item, 'listed');
    assert.match(item.description ?? '', /Restricted Mode/);
    assert.equal(item.children.size, 1);
  });

  it('running it sends nothing, and each test says why', async function () {
    const item = api.testing.checks.controller.items.get(file.toString());
    assert.ok(item);
    const reports: CheckReport[] = [];
    const listener = api.testing.checks.onDidReport((report) => reports.push(report));
    try {
      await api.testing.checks.runProfile.runHandler(new vscode.TestRunRequest([item], undefined, api.testing.checks.runProfile), new vscode.CancellationTokenSource().token);
    } finally {
      listener.dispose();
    }
    assert.deepEqual(reports.map((report) => report.state), ['errored']);
    assert.match(reports[0]?.messages[0]?.message ?? '', /^Checks do not run in Restricted Mode/);
    assert.deepEqual(await service().calls(), []);
  });
});
