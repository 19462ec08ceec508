// After a whole session with a distinctive key (sign in, generate, failed calls, diagnosis, sign
// out), the key is nowhere: settings, global state, log files, error messages, exception texts.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { DiagnosisReport } from '../../src/diagnostics/report';
import type { CallOutcome } from '../../src/generation/runner';
import { extensionLogFile, filesUnder, readExtensionLog, sessionLogDir, userSettingsFile } from './logFiles';
import { closeAllEditors, extensionApi, generate, openEditor, service, waitFor, type TestedApi } from './support';

/** A key of Grace Hopper's in the service fixtures, found nowhere else in the project. */
const CANARY = 'gk_leak_canary_5e1f9c0d7a3b';

/** Every text an error carries: message, stack, details and each cause, however deep. */
function errorTexts(value: unknown, depth = 0): string[] {
  if (value === undefined || value === null || depth > 8) {
    return [];
  }
  if (typeof value !== 'object') {
    return [JSON.stringify(value) ?? typeof value];
  }
  const { message, stack, cause, errors, details } = value as { message?: unknown; stack?: unknown; cause?: unknown; errors?: unknown; details?: unknown };
  const texts = [String(message), String(stack)];
  try {
    texts.push(JSON.stringify(value));
  } catch {
    // Circular: the fields above are enough.
  }
  texts.push(...errorTexts(cause, depth + 1), ...errorTexts((details as { cause?: unknown } | undefined)?.cause, depth + 1));
  if (Array.isArray(errors)) {
    texts.push(...errors.flatMap((member) => errorTexts(member, depth + 1)));
  }
  return texts;
}

function assertNoCanary(where: string, text: string): void {
  const at = text.indexOf(CANARY);
  assert.ok(at === -1, `the API key leaked into ${where}: …${text.slice(Math.max(0, at - 80), at + CANARY.length + 20)}…`);
}

describe('Key leak check after a full session', function () {
  let api: TestedApi;
  const outcomes: CallOutcome[] = [];
  const thrown: unknown[] = [];
  const reports: DiagnosisReport[] = [];
  let subscription: vscode.Disposable | undefined;

  const onUnhandled = (reason: unknown): void => void thrown.push(reason);

  before(async function () {
    api = await extensionApi();
    subscription = api.onDidFinishCall((outcome) => outcomes.push(outcome));
    // Rejections nobody handled during the session (the extension host also logs them; see the log check).
    process.on('unhandledRejection', onUnhandled);
    await service().clearFaults();
    await closeAllEditors();
  });
  after(function () {
    process.off('unhandledRejection', onUnhandled);
    subscription?.dispose();
  });

  it('runs a session: sign in, generate, 401, 500, network failure, diagnosis, sign out', async function () {
    const run = async (action: () => Thenable<unknown>): Promise<unknown> => {
      try {
        return await action();
      } catch (error) {
        thrown.push(error);
        return undefined;
      }
    };
    const user = await run(() => vscode.commands.executeCommand('gist.setApiKey', { apiKey: CANARY }));
    assert.equal((user as { name?: string } | undefined)?.name, 'Grace Hopper');
    await openEditor('');
    // At trace level the values and the content are logged whole; a user pasted the key into a value.
    await vscode.commands.executeCommand('_extensionTests.setLogLevel', 'trace');
    try {
      assert.ok(await run(() => generate({ gistId: 'echo', variant: 'plain', values: { text: `hello, my key is ${CANARY}` } })));
    } finally {
      await vscode.commands.executeCommand('_extensionTests.setLogLevel', 'info');
    }
    for (const fault of [
      { path: '/v1/generate', status: 401, error: 'invalid api key' },
      { path: '/v1/generate', status: 500, error: 'boom' },
      { path: '/v1/generate', kind: 'resetBeforeBody' as const },
    ]) {
      await service().injectFaults(fault, 1);
      assert.equal(await run(() => generate({ gistId: 'echo', variant: 'plain', values: { text: 'x' } })), undefined);
    }
    reports.push((await run(() => vscode.commands.executeCommand<DiagnosisReport>('gist.diagnoseConnection'))) as DiagnosisReport);
    await service().injectFaults({ path: '/v1/me', status: 401, error: 'invalid api key' }, 1);
    reports.push((await run(() => vscode.commands.executeCommand<DiagnosisReport>('gist.diagnoseConnection'))) as DiagnosisReport);
    await run(() => vscode.commands.executeCommand('gist.signOut'));
    await api.testing.whenAccountSettled();

    // The session did what it should, so the checks below look at real output.
    assert.deepEqual(outcomes.map((outcome) => outcome.error?.kind ?? 'ok'), ['ok', 'authentication', 'service', 'network']);
    assert.deepEqual(reports.map((report) => report.outcome), ['ok', 'failed']);
    assert.equal(api.state().status.kind, 'signedOut');
    const calls = await service().calls();
    assert.ok(calls.filter((call) => call.headers['service-api-key'] === CANARY).length >= 6, 'the key was really used');
  });

  it('no setting holds the key: the user settings file and every configuration value', function () {
    assertNoCanary('the user settings file', readFileSync(userSettingsFile(api), 'utf8'));
    assertNoCanary('the configuration', JSON.stringify(vscode.workspace.getConfiguration()));
    for (const key of ['baseUrl', 'apiKeyHeader', 'gists', 'requestTimeoutSeconds']) {
      assertNoCanary(`gist.${key}`, JSON.stringify(vscode.workspace.getConfiguration('gist').inspect(key)));
    }
  });

  it('global state does not hold the key', function () {
    const snapshot = api.testing.globalStateSnapshot();
    assert.ok(Object.keys(snapshot).length > 0, 'the session left something in global state');
    assertNoCanary('global state', JSON.stringify(snapshot));
  });

  it('no file in the extension’s global storage (the history’s) holds the key', async function () {
    await api.testing.historySettled();
    const files = filesUnder(api.testing.globalStorageUri.fsPath);
    assert.ok(files.some((entry) => entry.text.includes('hello, my key is ***')), 'the call with the key in a value was saved, redacted');
    for (const { file, text } of files) {
      assertNoCanary(file, text);
    }
  });

  it('no log file of the session holds the key', async function () {
    // The channel writes asynchronously; the sign-out is its last line of the session.
    await waitFor('the session in the extension log', () => /Signed out/.test(readExtensionLog(api)) && /Diagnose connection: failed at HTTP/.test(readExtensionLog(api)));
    const files = filesUnder(sessionLogDir(api));
    assert.ok(files.some((entry) => entry.file === extensionLogFile(api)), 'the extension log is among the files searched');
    assert.match(readExtensionLog(api), /\[trace\] generate echo values=\{"text":"hello, my key is \*\*\*"\}/, 'the trace lines were written, redacted');
    for (const { file, text } of files) {
      assertNoCanary(file, text);
    }
  });

  it('no error message, diagnosis or exception holds the key', function () {
    assert.ok(outcomes.some((outcome) => outcome.error !== undefined));
    for (const outcome of outcomes) {
      for (const text of errorTexts(outcome.error)) {
        assertNoCanary('a call outcome', text);
      }
    }
    for (const report of reports) {
      assertNoCanary('a diagnosis report', JSON.stringify(report));
    }
    for (const error of thrown) {
      for (const text of errorTexts(error)) {
        assertNoCanary('an exception', text);
      }
    }
  });
});
