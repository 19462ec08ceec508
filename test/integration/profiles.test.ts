// Profiles: more than one service or account, each with its own key, in a real VS Code against two
// instances of the local service (the harness's, and a "staging" one started here on loopback).
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { decodeStoredKey, encodeStoredKey, keyService } from '../../src/account/storedKey';
import { startService, type CallRecord, type RunningService } from '../../tools/service/index';
import { readExtensionLog } from './logFiles';
import { DEMO_KEY, OTHER_KEY, closeAllEditors, extensionApi, generate, nextOutcome, openEditor, service, serviceUrl, signIn, waitFor, type TestedApi } from './support';

const STAGING = 'Staging';
const STAGING_SECRET = `gist.apiKey/${STAGING}`;
/** Nothing listens there: a call that went to it would fail. */
const HOSTILE_URL = 'http://127.0.0.1:9';

const keysSent = (calls: readonly CallRecord[]): unknown[] => calls.map((call) => call.headers['service-api-key']);

/** The key a secret holds, whatever service it is bound to. */
const keyIn = (stored: string | undefined): string | undefined => {
  const decoded = decodeStoredKey(stored);
  return decoded.kind === 'none' ? undefined : decoded.key;
};

/** A key as another window of this version stores it: bound to the service it was checked with. */
const boundTo = (key: string, baseUrl: string): string => encodeStoredKey(key, keyService({ baseUrl, apiKeyHeader: 'SERVICE-API-KEY' }) ?? assert.fail(baseUrl));
const generateCalls = (calls: readonly CallRecord[]): CallRecord[] => calls.filter((call) => call.path.startsWith('/v1/generate/'));

describe('Profiles: more than one service or account', function () {
  let api: TestedApi;
  let staging: RunningService;
  /** The first profile: the harness's gist.baseUrl, named after its host. */
  let first: string;

  const gist = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('gist');

  async function setProfiles(entries: unknown[] | undefined, expected: string[]): Promise<void> {
    await gist().update('profiles', entries, vscode.ConfigurationTarget.Global);
    await waitFor(`the profiles ${expected.join(', ')}`, () => JSON.stringify(api.state().profiles) === JSON.stringify(expected));
  }

  async function switchTo(profile: string): Promise<void> {
    assert.equal(await vscode.commands.executeCommand('gist.switchAccount', { profile }), profile);
    assert.equal(api.state().profile, profile);
    await api.testing.whenAccountSettled();
  }

  const userName = (): string | undefined => {
    const { status } = api.state();
    return status.kind === 'signedIn' ? status.user.name : undefined;
  };

  before(async function () {
    api = await extensionApi();
    first = new URL(serviceUrl()).host;
    staging = await startService({ control: false });
    await closeAllEditors();
  });

  after(async function () {
    await gist().update('profile', undefined, vscode.ConfigurationTarget.Global);
    await api.testing.forgetProfilePick();
    await setProfiles(undefined, [first]);
    await api.testing.secrets.delete(STAGING_SECRET);
    await signIn(api);
    await staging.close();
  });

  beforeEach(async function () {
    await service().clearFaults();
    await service().clearCalls();
    staging.clearCalls();
  });

  it('migration: the single-URL setup and the key stored before profiles are the first profile, without a question', async function () {
    await setProfiles(undefined, [first]);
    // The key as the version before profiles stored it, under the one name it knew, found on this version's first start.
    await api.testing.secrets.delete('gist.apiKey');
    await waitFor('signed out', () => api.state().status.kind === 'signedOut');
    await api.testing.secrets.store('gist.apiKey', OTHER_KEY);
    await api.testing.bindKeysAsOnFirstStart();
    await waitFor('signed in with the stored key', () => userName() === 'Grace Hopper');
    assert.deepEqual(api.state().profiles, [first]);
    assert.equal(api.state().profile, first);
    assert.equal(api.state().baseUrl, serviceUrl());
    assert.equal(api.testing.statusBarItem().text, '$(account) Grace Hopper', 'one profile: no name beside the user');

    // A second profile changes nothing for the first: same service, same key, now named.
    await setProfiles([{ name: STAGING, baseUrl: staging.url }], [first, STAGING]);
    await api.testing.whenAccountSettled();
    assert.equal(api.state().profile, first);
    assert.equal(api.testing.statusBarItem().text, `$(account) Grace Hopper · ${first}`);
    await openEditor('');
    assert.ok(await generate({ gistId: 'echo', variant: 'plain', values: { text: 'still the first' } }));
    assert.deepEqual(keysSent(generateCalls(await service().calls())), [OTHER_KEY]);
    assert.equal(keyIn(await api.testing.secrets.get('gist.apiKey')), OTHER_KEY, 'the key stays where it was');
    assert.equal(generateCalls(staging.calls()).length, 0);
    await signIn(api, DEMO_KEY);
  });

  it('a key per profile: each is checked with its own service and stored under its own name', async function () {
    await setProfiles([{ name: STAGING, baseUrl: staging.url }], [first, STAGING]);
    await signIn(api, DEMO_KEY);
    await service().clearCalls();
    const user = await vscode.commands.executeCommand<{ name: string } | undefined>('gist.setApiKey', { apiKey: OTHER_KEY, profile: STAGING });
    assert.equal(user?.name, 'Grace Hopper');
    assert.equal(api.state().profile, first, 'setting another profile’s key does not switch this window');
    assert.equal(userName(), 'Ada Lovelace');
    assert.equal(keyIn(await api.testing.secrets.get('gist.apiKey')), DEMO_KEY);
    assert.equal(keyIn(await api.testing.secrets.get(STAGING_SECRET)), OTHER_KEY);
    assert.deepEqual(
      staging.calls().map((call) => [call.path, call.headers['service-api-key']]),
      [['/v1/me', OTHER_KEY]],
      'the staging key was checked with the staging service',
    );
    assert.ok(!keysSent(await service().calls()).includes(OTHER_KEY), 'and never sent to the first service');
  });

  it('switching: the status bar names the profile, and a call goes to its URL with its key, never another’s', async function () {
    await setProfiles([{ name: STAGING, baseUrl: staging.url }], [first, STAGING]);
    await signIn(api, DEMO_KEY);
    await vscode.commands.executeCommand('gist.setApiKey', { apiKey: OTHER_KEY, profile: STAGING });
    await service().clearCalls();
    staging.clearCalls();

    await switchTo(STAGING);
    assert.equal(api.state().baseUrl, staging.url);
    assert.equal(userName(), 'Grace Hopper');
    assert.equal(api.testing.statusBarItem().text, '$(account) Grace Hopper · Staging');
    assert.equal(api.testing.workspaceStateSnapshot()['gist.activeProfile'], STAGING, 'remembered for this workspace');
    await openEditor('');
    const outcome = nextOutcome(api);
    assert.equal((await generate({ gistId: 'echo', variant: 'plain', values: { text: 'to staging' } }))?.content, 'to staging');
    assert.equal((await outcome).profile, STAGING);
    assert.equal((await api.history())[0]?.profile, STAGING, 'the history entry names the profile');
    assert.deepEqual(keysSent(generateCalls(staging.calls())), [OTHER_KEY]);

    await switchTo(first);
    assert.equal(userName(), 'Ada Lovelace');
    assert.equal(api.testing.statusBarItem().text, `$(account) Ada Lovelace · ${first}`);
    assert.equal((await generate({ gistId: 'echo', variant: 'plain', values: { text: 'to the first' } }))?.content, 'to the first');
    assert.equal((await api.history())[0]?.profile, first);

    assert.deepEqual(keysSent(generateCalls(await service().calls())), [DEMO_KEY]);
    assert.ok(!keysSent(staging.calls()).includes(DEMO_KEY), 'the first key never reached the staging service');
    assert.ok(!keysSent(await service().calls()).includes(OTHER_KEY), 'the staging key never reached the first service');
    await waitFor('both calls in the log, each naming its profile', () => {
      const log = readExtensionLog(api);
      return /gist=echo variant=plain .*status=ok .*profile=Staging/.test(log) && new RegExp(`gist=echo variant=plain .*status=ok .*profile=${first.replace(/\./g, '\\.')}`).test(log);
    });
  });

  it('an unknown profile name switches nothing', async function () {
    await setProfiles([{ name: STAGING, baseUrl: staging.url }], [first, STAGING]);
    await switchTo(first);
    assert.equal(await vscode.commands.executeCommand('gist.switchAccount', { profile: 'Nowhere' }), undefined);
    assert.equal(api.state().profile, first);
  });

  it('each profile has its own key header; the key goes in it and in no other', async function () {
    await setProfiles([{ name: STAGING, baseUrl: staging.url, apiKeyHeader: 'X-Staging-Key' }], [first, STAGING]);
    // The local service reads SERVICE-API-KEY only, so it refuses this key: what matters is where it went.
    assert.equal(await vscode.commands.executeCommand('gist.setApiKey', { apiKey: OTHER_KEY, profile: STAGING }), undefined);
    const calls = staging.calls();
    assert.ok(calls.length >= 1, 'the key was checked with the staging service');
    for (const call of calls) {
      assert.equal(call.headers['x-staging-key'], OTHER_KEY);
      assert.equal(call.headers['service-api-key'], undefined);
    }
  });

  it('every profile follows the rules of the first: a key written into the settings is never used, plain http only on this machine', async function () {
    await api.testing.secrets.delete(STAGING_SECRET);
    await setProfiles([{ name: STAGING, baseUrl: staging.url, apiKey: OTHER_KEY }, { name: 'Clear', baseUrl: 'http://gists.example.com' }], [first, STAGING, 'Clear']);
    await switchTo(STAGING);
    assert.equal(api.state().status.kind, 'signedOut', 'the key in gist.profiles is not a key');
    assert.equal(staging.calls().length, 0);
    await waitFor('the warning in the log', () => /gist\.profiles entry 1 has a field “apiKey”, which is ignored/.test(readExtensionLog(api)));

    await switchTo('Clear');
    const { status } = api.state();
    assert.equal(status.kind === 'error' ? status.reason : status.kind, 'configuration');
    assert.match(status.kind === 'error' ? status.message : '', /https:\/\//);
    await switchTo(first);
  });

  it('a workspace may suggest a profile by name, but never define its URL or header', async function () {
    await setProfiles([{ name: STAGING, baseUrl: staging.url }], [first, STAGING]);
    await vscode.commands.executeCommand('gist.setApiKey', { apiKey: OTHER_KEY, profile: STAGING });
    await api.testing.forgetProfilePick();
    assert.equal(api.state().profile, first, 'nothing picked, nothing suggested: the first');
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the harness opens the fixture workspace');
    const settingsUri = vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json');
    const original = await vscode.workspace.fs.readFile(settingsUri);
    const write = async (extra: Record<string, unknown>): Promise<void> => {
      const settings = JSON.parse(new TextDecoder().decode(original)) as Record<string, unknown>;
      await vscode.workspace.fs.writeFile(settingsUri, new TextEncoder().encode(JSON.stringify({ ...settings, ...extra }, null, 2)));
    };
    try {
      // The repository names Staging, and tries to point it (and the first profile) elsewhere.
      await write({
        'gist.profile': STAGING,
        'gist.profiles': [{ name: STAGING, baseUrl: HOSTILE_URL, apiKeyHeader: 'X-Collect-Key' }, { name: 'Theirs', baseUrl: HOSTILE_URL }],
        'gist.baseUrl': HOSTILE_URL,
      });
      await waitFor('the suggested profile', () => api.state().profile === STAGING);
      await api.testing.whenAccountSettled();
      assert.deepEqual(api.state().profiles, [first, STAGING], 'the workspace’s profiles are not profiles');
      assert.equal(api.state().baseUrl, staging.url, 'Staging is the user’s Staging');
      assert.equal(userName(), 'Grace Hopper');
      await openEditor('');
      assert.ok(await generate({ gistId: 'echo', variant: 'plain', values: { text: 'suggested' } }));
      const [call] = generateCalls(staging.calls());
      assert.equal(call?.headers['service-api-key'], OTHER_KEY);
      assert.equal(call?.headers['x-collect-key'], undefined);

      // A name that is not one of the user's profiles: the first.
      await write({ 'gist.profile': 'Theirs' });
      await waitFor('back to the first profile', () => api.state().profile === first);

      // What the user picks in the workspace wins over what it suggests.
      await write({ 'gist.profile': STAGING });
      await waitFor('the suggested profile again', () => api.state().profile === STAGING);
      await switchTo(first);
      await write({ 'gist.profile': STAGING, 'gist.gists': [{ id: 'profile-marker', variables: [] }] });
      await waitFor('the workspace settings read', () => (gist().get<Array<{ id: string }>>('gists') ?? []).some((entry) => entry.id === 'profile-marker'));
      assert.equal(api.state().profile, first);
    } finally {
      await vscode.workspace.fs.writeFile(settingsUri, original);
      await waitFor('the workspace settings back', () => gist().inspect('profile')?.workspaceValue === undefined);
    }
  });

  it('concurrent windows: another window’s sign-in and sign-out reach this one through SecretStorage, for its profile only', async function () {
    await setProfiles([{ name: STAGING, baseUrl: staging.url }], [first, STAGING]);
    await signIn(api, DEMO_KEY);
    await vscode.commands.executeCommand('gist.setApiKey', { apiKey: OTHER_KEY, profile: STAGING });
    await switchTo(STAGING);
    const accounts = async (): Promise<string[]> => (await api.testing.accountsMenuSessions()).map((session) => session.account.label).sort();
    await waitFor('both accounts in the Accounts menu', async () => (await accounts()).length === 2);
    staging.clearCalls();

    // Another window signs out of the first profile: this window, on Staging, stays signed in.
    await api.testing.secrets.delete('gist.apiKey');
    await waitFor('the first profile gone from the Accounts menu', async () => JSON.stringify(await accounts()) === JSON.stringify(['Grace Hopper (Staging)']));
    assert.equal(userName(), 'Grace Hopper');
    assert.equal(staging.calls().length, 0, 'another profile’s key change is not this profile’s business');

    // Another window sets Staging's key to Ada's: this window checks it with the staging service.
    await api.testing.secrets.store(STAGING_SECRET, boundTo(DEMO_KEY, staging.url));
    await waitFor('Staging now signed in as Ada', () => userName() === 'Ada Lovelace');
    assert.deepEqual(staging.calls().map((call) => [call.path, call.headers['service-api-key']]), [['/v1/me', DEMO_KEY]]);
    assert.equal(api.testing.statusBarItem().text, '$(account) Ada Lovelace · Staging');

    // Another window signs out of Staging.
    await api.testing.secrets.delete(STAGING_SECRET);
    await waitFor('signed out of Staging', () => api.state().status.kind === 'signedOut');
    assert.equal(api.testing.statusBarItem().text, '$(key) Gist: Sign In · Staging');

    // And signs in to the first profile again: listed, while this window stays on Staging.
    await api.testing.secrets.store('gist.apiKey', boundTo(DEMO_KEY, serviceUrl()));
    await waitFor('the first profile back in the Accounts menu', async () => JSON.stringify(await accounts()) === JSON.stringify([`Ada Lovelace (${first})`]));
    assert.equal(api.state().profile, STAGING);
    assert.equal(api.state().status.kind, 'signedOut');
  });

  it('the Accounts menu lists one account per signed-in profile; signing out of one there leaves the others', async function () {
    await setProfiles([{ name: STAGING, baseUrl: staging.url }], [first, STAGING]);
    await switchTo(first);
    await signIn(api, DEMO_KEY);
    await vscode.commands.executeCommand('gist.setApiKey', { apiKey: OTHER_KEY, profile: STAGING });
    const sessions = await waitFor('two sessions', async () => {
      const listed = await api.testing.accountsMenuSessions();
      return listed.length === 2 && listed;
    });
    assert.deepEqual(sessions.map((session) => session.account.label), [`Ada Lovelace (${first})`, 'Grace Hopper (Staging)']);
    assert.ok(sessions.every((session) => session.accessToken === ''), 'no key is handed out');
    const stagingSession = sessions.find((session) => session.account.label.endsWith('(Staging)'));
    assert.ok(stagingSession);
    await api.testing.signOutFromAccountsMenu(stagingSession.id);
    assert.equal(await api.testing.secrets.get(STAGING_SECRET), undefined);
    assert.equal(keyIn(await api.testing.secrets.get('gist.apiKey')), DEMO_KEY);
    assert.equal(userName(), 'Ada Lovelace');
    await waitFor('one session left', async () => (await api.testing.accountsMenuSessions()).length === 1);
  });
});
