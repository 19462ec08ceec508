import { strict as assert } from 'node:assert';
import type { AccountSnapshot, AccountStatus } from '../../../src/shared/accountStatus';
import { statusView } from '../../../src/account/statusView';
import { renderedText } from '../support/renderedLinks';

const commands = { setApiKey: 'gist.setApiKey', menu: 'gist.statusBarMenu', diagnose: 'gist.diagnoseConnection' };
const user = { id: 'u_ada', name: 'Ada Lovelace', email: 'ada@example.com', company_id: 'c_analytical' };

function snapshot(status: AccountStatus, extra: Partial<AccountSnapshot> = {}): AccountSnapshot {
  return { status, generating: 0, lastCallId: undefined, baseUrl: 'http://127.0.0.1:8080', profile: '127.0.0.1:8080', profiles: ['127.0.0.1:8080'], ...extra };
}

describe('statusView', () => {
  it('signed out: a sign-in item that sets the key', () => {
    const view = statusView(snapshot({ kind: 'signedOut' }), commands);
    assert.equal(view.text, '$(key) Gist: Sign In');
    assert.equal(view.command, 'gist.setApiKey');
    assert.match(view.tooltip, /command:gist\.setApiKey/);
    assert.equal(view.background, undefined);
  });

  it('signed in: the name, and a tooltip with email, company, service and last call', () => {
    const view = statusView(snapshot({ kind: 'signedIn', user }, { lastCallId: 'Y2FsbA==' }), commands);
    assert.equal(view.text, '$(account) Ada Lovelace');
    assert.equal(view.command, 'gist.statusBarMenu');
    const shown = renderedText(view.tooltip);
    for (const part of ['Ada Lovelace', 'ada@example.com', 'c_analytical', 'http://127.0.0.1:8080', 'Y2FsbA==']) {
      assert.ok(shown.includes(part), `${part} in ${shown}`);
    }
  });

  it('generating: a spinner while calls are in flight', () => {
    const view = statusView(snapshot({ kind: 'signedIn', user }, { generating: 2 }), commands);
    assert.match(view.text, /^\$\(loading~spin\) /);
  });

  it('a run over data: its calls done beside the user, and a line in the tooltip', () => {
    const one = statusView(snapshot({ kind: 'signedIn', user }, { labRuns: { done: 120, total: 720, runs: 1 } }), commands);
    assert.equal(one.text, '$(beaker) 120/720 $(account) Ada Lovelace');
    assert.ok(renderedText(one.tooltip).includes('Running over data: 120 of 720 calls done'), one.tooltip);
    const two = statusView(snapshot({ kind: 'signedIn', user }, { labRuns: { done: 5, total: 40, runs: 2 } }), commands);
    assert.ok(renderedText(two.tooltip).includes('2 runs over data: 5 of 40 calls done'), two.tooltip);
    assert.equal(statusView(snapshot({ kind: 'signedIn', user }), commands).text, '$(account) Ada Lovelace', 'no run, no count');
  });

  it('checking: a spinner', () => {
    assert.match(statusView(snapshot({ kind: 'checking' }), commands).text, /sync~spin/);
  });

  it('errors: error colour for a rejected key, warning for an unreachable service', () => {
    const rejected = statusView(snapshot({ kind: 'error', reason: 'rejected', message: 'The key was rejected.' }), commands);
    assert.equal(rejected.background, 'error');
    assert.match(renderedText(rejected.tooltip), /The key was rejected\./);
    const unreachable = statusView(snapshot({ kind: 'error', reason: 'unreachable', message: 'No answer.' }), commands);
    assert.equal(unreachable.background, 'warning');
    assert.match(rejected.tooltip, /\(command:gist\.setApiKey\)/);
    assert.doesNotMatch(rejected.tooltip, /diagnoseConnection/);
    assert.match(unreachable.tooltip, /\[Diagnose Connection\]\(command:gist\.diagnoseConnection\)/);
  });

  it('escapes service text so it cannot inject links or icons', () => {
    const hostile = { ...user, name: '$(bug) [x](command:evil)' };
    const view = statusView(snapshot({ kind: 'signedIn', user: hostile }), commands);
    assert.ok(!view.tooltip.includes('](command:evil)'));
    assert.ok(renderedText(view.tooltip).includes('$(bug) [x](command:evil)'));
    assert.ok(view.text.endsWith('\\$(bug) [x] (command:evil)'), view.text);
  });

  it('says when no base URL is set', () => {
    assert.match(statusView(snapshot({ kind: 'signedOut' }, { baseUrl: '' }), commands).tooltip, /not set/);
  });

  describe('with more than one profile', () => {
    const two = { profile: 'Staging', profiles: ['127.0.0.1:8080', 'Staging'] };

    it('names the window’s profile beside the user, and in the tooltip', () => {
      const view = statusView(snapshot({ kind: 'signedIn', user }, two), commands);
      assert.equal(view.text, '$(account) Ada Lovelace · Staging');
      assert.match(renderedText(view.tooltip), /Profile: Staging/);
    });

    it('names it in every other state too; signed out, a click opens the menu (to switch or sign in)', () => {
      const signedOut = statusView(snapshot({ kind: 'signedOut' }, two), commands);
      assert.equal(signedOut.text, '$(key) Gist: Sign In · Staging');
      assert.equal(signedOut.command, 'gist.statusBarMenu');
      assert.equal(statusView(snapshot({ kind: 'checking' }, two), commands).text, '$(sync~spin) Gist · Staging');
      assert.equal(statusView(snapshot({ kind: 'error', reason: 'unreachable', message: 'No answer.' }, two), commands).text, '$(warning) Gist · Staging');
    });

    it('a profile name cannot render an icon in the item', () => {
      const view = statusView(snapshot({ kind: 'signedIn', user }, { profile: '$(bug) Evil', profiles: ['a', '$(bug) Evil'] }), commands);
      assert.ok(view.text.endsWith(' · \\$(bug) Evil'), view.text);
    });

    it('with one profile, no name is shown', () => {
      assert.equal(statusView(snapshot({ kind: 'signedIn', user }, { profile: 'Staging', profiles: ['Staging'] }), commands).text, '$(account) Ada Lovelace');
    });
  });
});
