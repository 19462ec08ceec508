// Gist ids and variable names named like Object.prototype members (`constructor`, `toString`,
// `__proto__`) are ordinary names in a real VS Code: nothing crashes, nothing is dropped, and the
// service receives every value (issue 13, item 13).
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { nextOutcome, openEditor, resetForTest, service, signedInApi, type TestedApi } from './support';

/** Arguments as another extension could send them: JSON.parse makes `__proto__` an own key. */
const ARGS_JSON = '{"gistId":"constructor","values":{"constructor":"a","toString":"b","__proto__":"c"}}';

const NAMES = ['constructor', 'toString', '__proto__'];

async function setCatalog(gists: unknown[] | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('gist').update('gists', gists, vscode.ConfigurationTarget.Workspace);
}

/** The `values` of the last generate call the service received, parsed as the service did. */
async function lastValuesReceived(): Promise<Record<string, unknown>> {
  const calls = (await service().calls()).filter((call) => call.path.startsWith('/v1/generate'));
  const last = calls.at(-1);
  assert.ok(last, 'the service received the call');
  return (JSON.parse(last.rawBody) as { values: Record<string, unknown> }).values;
}

describe('Prototype keys', function () {
  let api: TestedApi;
  let original: unknown[] | undefined;

  before(async function () {
    api = await signedInApi();
    original = vscode.workspace.getConfiguration('gist').inspect<unknown[]>('gists')?.workspaceValue;
  });

  beforeEach(resetForTest);

  after(async function () {
    await setCatalog(original);
  });

  it('gist.generate with gist id "constructor" and values constructor, toString and __proto__ sends all three', async function () {
    const args = JSON.parse(ARGS_JSON) as unknown;
    await openEditor('');
    const outcome = nextOutcome(api);
    await vscode.commands.executeCommand('gist.generate', args);
    const { error, request } = await outcome;
    // No such gist on the service: a typed "not found", not a crash.
    assert.equal(error?.kind, 'notFound', error?.message);
    assert.equal(request.gistId, 'constructor');
    const received = await lastValuesReceived();
    assert.deepEqual(Object.keys(received).sort(), ['__proto__', 'constructor', 'toString']);
    assert.ok(Object.hasOwn(received, '__proto__'));
    assert.deepEqual(NAMES.map((name) => received[name]), ['a', 'b', 'c']);
  });

  it('catalog defaults of variables named constructor, toString and __proto__ are all applied', async function () {
    await setCatalog([{ id: 'constructor', variant: 'plain', variables: [{ name: 'constructor', default: 'x' }, { name: 'toString', default: 'y' }, { name: '__proto__', default: 'z' }] }]);
    await openEditor('');
    const outcome = nextOutcome(api);
    await vscode.commands.executeCommand('gist.generate', { gistId: 'constructor' });
    assert.equal((await outcome).error?.kind, 'notFound');
    const received = await lastValuesReceived();
    assert.deepEqual(Object.keys(received).sort(), ['__proto__', 'constructor', 'toString']);
    assert.deepEqual(NAMES.map((name) => received[name]), ['x', 'y', 'z']);
  });

  it('a gist with such variables generates, and its values are kept in the history', async function () {
    const editor = await openEditor('');
    const outcome = nextOutcome(api);
    const values = JSON.parse('{"text":"hello","constructor":"a","toString":"b","__proto__":"c"}') as Record<string, string>;
    const result = await vscode.commands.executeCommand<{ content: string } | undefined>('gist.generate', { gistId: 'echo', variant: 'plain', values });
    assert.equal(result?.content, 'hello');
    assert.equal((await outcome).error, undefined);
    assert.equal(editor.document.getText(), 'hello');
    const received = await lastValuesReceived();
    assert.deepEqual(Object.keys(received).sort(), ['__proto__', 'constructor', 'text', 'toString']);
    const stored = (await api.history())[0]?.values;
    assert.ok(stored !== undefined && Object.hasOwn(stored, '__proto__') && Object.hasOwn(stored, 'toString'), JSON.stringify(stored));
  });
});
