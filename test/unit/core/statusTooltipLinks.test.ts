// The status bar tooltip is trusted Markdown whose command links run: text from the service, the
// settings and the last call may never add a link, an image or raw HTML to it (issue 13, item 4).
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { AccountSnapshot, AccountStatus } from '../../../src/shared/accountStatus';
import { statusView } from '../../../src/account/statusView';
import { activeParts, renderedText } from '../support/renderedLinks';

const commands = { setApiKey: 'gist.setApiKey', menu: 'gist.statusBarMenu', diagnose: 'gist.diagnoseConnection' };
const user = { id: 'u_ada', name: 'Ada Lovelace', email: 'ada@example.com', company_id: 'c_analytical' };

/** The only links the extension puts in the tooltip, per state. */
function ownLinks(status: AccountStatus): string[] {
  switch (status.kind) {
    case 'signedOut':
      return [`command:${commands.setApiKey}`];
    case 'error':
      return [status.reason === 'unreachable' ? `command:${commands.diagnose}` : `command:${commands.setApiKey}`];
    case 'checking':
    case 'signedIn':
      return [];
  }
}

function assertOnlyOwnLinks(snapshot: AccountSnapshot): void {
  const tooltip = statusView(snapshot, commands).tooltip;
  const active = activeParts(tooltip);
  assert.deepEqual(active.links, ownLinks(snapshot.status), `links in ${JSON.stringify(tooltip)}`);
  assert.deepEqual(active.images, [], `images in ${JSON.stringify(tooltip)}`);
  assert.deepEqual(active.html, [], `raw HTML in ${JSON.stringify(tooltip)}`);
  // The MarkdownString enables exactly the commands of these links.
  assert.deepEqual(statusView(snapshot, commands).tooltipCommands.map((id) => `command:${id}`), ownLinks(snapshot.status));
}

const ATTACK_LINK = '[Use the new key](command:gist.setApiKey?%7B%22apiKey%22%3A%22gk_attacker%22%7D)';

describe('status bar tooltip: outside text adds no links', function () {
  it('a company id with a blank line and a command link (the attack from issue 13) renders as text', function () {
    const hostile = { ...user, company_id: `c_analytical\n\n${ATTACK_LINK}\n\n` };
    const snapshot: AccountSnapshot = { status: { kind: 'signedIn', user: hostile }, generating: 0, lastCallId: undefined, baseUrl: 'https://gists.example.com', profile: 'gists.example.com', profiles: ['gists.example.com'] };
    assertOnlyOwnLinks(snapshot);
    assert.match(renderedText(statusView(snapshot, commands).tooltip), /Use the new key/);
  });

  it('a last call id with a blank line and a command link renders as text, next to the extension’s own link', function () {
    const snapshot: AccountSnapshot = {
      status: { kind: 'error', reason: 'rejected', message: 'The service rejected the API key.' },
      generating: 0,
      lastCallId: `abc\n\n${ATTACK_LINK}`,
      baseUrl: 'https://gists.example.com',
      profile: 'gists.example.com',
      profiles: ['gists.example.com'],
    };
    assertOnlyOwnLinks(snapshot);
  });

  it('autolinks, e-mail addresses, HTML and link definitions in outside text stay text', function () {
    for (const text of ['<command:gist.setApiKey>', 'https://evil.example/x', 'www.evil.example', 'ada@example.com', '<a href="command:gist.setApiKey">x</a>', '<img src=x>', '![i](https://evil.example/i.png)', '[x]\n\n[x]: command:gist.setApiKey']) {
      assertOnlyOwnLinks({ status: { kind: 'signedIn', user: { ...user, name: text, email: text, company_id: text } }, generating: 0, lastCallId: text, baseUrl: text, profile: text, profiles: [text, 'other'] });
      assertOnlyOwnLinks({ status: { kind: 'error', reason: 'unreachable', message: text }, generating: 0, lastCallId: text, baseUrl: text, profile: text, profiles: [text, 'other'] });
    }
  });

  /** Text built from Markdown's special pieces, hostile fragments and arbitrary Unicode. */
  const fragment = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.constantFrom(
      '\n', '\n\n', '\r\n', '\r', '\u2028', '\u2029', '\u0085', '\t', '    ', '`', '```', '~~~', '[', ']', '(', ')', '<', '>', '!', '\\', '*', '_', '#', '-', '+', '=', '|', ':', '.', '@', '&', '&#91;', '&lt;',
      '$(bug)', '$(', 'command:', 'command:gist.setApiKey?{"apiKey":"gk_x"}', ATTACK_LINK, '<command:gist.setApiKey>', 'https://evil.example', 'www.evil.example', 'a@b.co',
      '<a href="command:gist.setApiKey">', '</a>', '<img src=x onerror=alert(1)>', '<!-- x -->', '[x]: command:gist.setApiKey', '[x]', '[x][]', '1. ', '> ', '---', 'é', '👋', '\u202e', '\u200b',
    ),
  );
  const text = fc.array(fragment, { maxLength: 12 }).map((parts) => parts.join(''));
  const status: fc.Arbitrary<AccountStatus> = fc.oneof(
    fc.constant<AccountStatus>({ kind: 'signedOut' }),
    fc.constant<AccountStatus>({ kind: 'checking' }),
    fc.record({ kind: fc.constant('error' as const), reason: fc.constantFrom('rejected' as const, 'unreachable' as const, 'configuration' as const), message: text }),
    fc.record({ kind: fc.constant('signedIn' as const), user: fc.record({ id: text, name: text, email: text, company_id: text }) }),
  );
  const snapshot: fc.Arbitrary<AccountSnapshot> = fc.record({
    status,
    generating: fc.nat({ max: 3 }),
    lastCallId: fc.option(text, { nil: undefined }),
    baseUrl: text,
    // A profile name from the settings, shown with more than one profile: treated as outside text too.
    profile: text,
    profiles: fc.array(text, { minLength: 1, maxLength: 3 }),
  });

  it('for arbitrary profile fields, base URL, profile names, messages and call ids, the only links are the extension’s own', function () {
    this.timeout(60_000);
    fc.assert(fc.property(snapshot, assertOnlyOwnLinks), { numRuns: 3000 });
  });
});
