// Through the UI, keyboard only: a user signed in to one service adds a second profile (another
// service, another account) with "Gist: Switch Account…" → "Add Profile…", then switches between
// the two. The status bar names the profile in use; each profile's key goes to its own service.
import { strict as assert } from 'node:assert';
import type { Scenario } from '../harness/e2eRunner';
import { answer, expectQuickInputFocus, openFile, pick, runCommand, statusItem } from './workbench';

const FILE = 'profiles.txt';

export const scenario: Scenario = {
  name: 'adds a second profile and switches accounts through the UI',
  state: { signedIn: 'gk_demo_ada', files: { [FILE]: '' } },
  async run(context) {
    const { page, service } = context;
    const first = new URL(context.serviceUrl).host;
    // The same local service under another loopback name: a second service as far as the profiles go.
    const stagingUrl = context.serviceUrl.replace('127.0.0.1', 'localhost');
    await runCommand(page, 'Gist: Switch Account…');
    await pick(page, 'Add Profile…', 'Switch Account', 'Add Profile');
    await answer(page, 'Staging', 'Add Profile (1/3)');
    await answer(page, stagingUrl, 'Add Profile (2/3)');
    await answer(page, 'gk_demo_grace', 'Add Profile (3/3)');
    await statusItem(page, 'Grace Hopper · Staging').waitFor({ state: 'visible' });
    await context.screenshot('e2e-profiles-1-added');
    const checks = service.calls().filter((call) => call.path === '/v1/me' && call.headers['service-api-key'] === 'gk_demo_grace');
    assert.ok(checks.length >= 1, 'the new key was checked');
    assert.ok(checks.every((call) => String(call.headers.host).startsWith('localhost:')), 'with the new profile’s service');

    await runCommand(page, 'Gist: Switch Account…');
    await expectQuickInputFocus(page, 'Switch Account');
    await context.screenshot('e2e-profiles-2-switch-account');
    await pick(page, first, 'Switch Account');
    await statusItem(page, `Ada Lovelace · ${first}`).waitFor({ state: 'visible' });
    await context.screenshot('e2e-profiles-3-switched-back');

    // And to Staging again: a call goes there with Grace's key.
    await runCommand(page, 'Gist: Switch Account…');
    await pick(page, 'Staging', 'Switch Account');
    await statusItem(page, 'Grace Hopper · Staging').waitFor({ state: 'visible' });
    service.clearCalls();
    const editor = await openFile(page, FILE);
    await runCommand(page, 'Gist: Generate at Cursor…');
    await pick(page, 'Haiku', /^Generate at Cursor \(/);
    await pick(page, 'en', 'Variant');
    await answer(page, 'from staging', /— topic \(/);
    await editor.locator('.view-lines', { hasText: 'from staging' }).waitFor({ state: 'visible' });
    const [call] = service.calls().filter((record) => record.path.startsWith('/v1/generate/'));
    assert.equal(call?.headers['service-api-key'], 'gk_demo_grace');
    assert.ok(String(call?.headers.host).startsWith('localhost:'), `the call went to the Staging service (${String(call?.headers.host)})`);
    await context.screenshot('e2e-profiles-4-generated');
  },
};
