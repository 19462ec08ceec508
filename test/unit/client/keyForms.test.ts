// The key in any written form, where any cut falls, leaves nothing of itself anywhere (issue 23,
// item B6). A service echoed the key JSON-`\u`-escaped so that it straddled the 300-character cut of
// an error text: the message kept `gk_live_S3cr3tK3yValue_012345678…` in the notification, the log,
// the history, the tool reply and the tooltip. Here the local service sends the key in each form
// at every position around the cuts (the error text's 300 characters, the call id's 100 and 120),
// through the real client, and every text built from the error is searched for any eight
// characters of the key, as written and once its escapes are decoded.
import { strict as assert } from 'node:assert';
import { describeError } from '../../../src/client/describe';
import type { GistError } from '../../../src/client/errors';
import { GistClient } from '../../../src/client/gistClient';
import { statusView } from '../../../src/account/statusView';
import { formatCallLine } from '../../../src/generation/callLogLine';
import { capEntry } from '../../../src/history/historyEntry';
import { itemOf } from '../../../src/history/historyItem';
import { historyTooltip } from '../../../src/history/historyTooltip';
import { callFailed } from '../../../src/languageModelTools/toolReplies';
import { userMessage } from '../../../src/shared/userMessage';
import { failure, useClientFixture } from './clientFixture';

const KEY = 'gk_live_S3cr3tK3yValue_012345678';

const unicode = (char: string, upper = false): string => {
  const hex = (char.codePointAt(0) ?? 0).toString(16).padStart(4, '0');
  return `\\u${upper ? hex.toUpperCase() : hex}`;
};
const percent = (char: string): string => `%${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(2, '0')}`;
const each = (key: string, write: (char: string, index: number) => string): string => [...key].map(write).join('');

/** The key as written inside a JSON string of the response body. */
const FORMS: Readonly<Record<string, string>> = {
  plain: KEY,
  'JSON \\u-escaped whole': each(KEY, (char) => unicode(char)),
  'JSON \\u-escaped in part': each(KEY, (char, index) => (index % 3 === 1 ? unicode(char) : char)),
  'JSON \\u-escaped, one character, upper-case hex': each(KEY, (char, index) => (index === 13 ? unicode(char, true) : char)),
  'JSON-escaped twice (\\\\u)': each(KEY, (char, index) => (index % 2 === 0 ? `\\${unicode(char)}` : char)),
  'percent-encoded whole': each(KEY, percent),
  'percent-encoded in part, lower-case hex': each(KEY, (char, index) => (index % 4 === 0 ? percent(char).toLowerCase() : char)),
  'percent-encoded twice': each(KEY, (char, index) => (index % 2 === 0 ? percent(char).replace('%', '%25') : char)),
  'percent sign \\u-escaped': each(KEY, (char) => (char === '_' ? `\\u0025${percent(char).slice(1)}` : char)),
  'HTML entities': each(KEY, (char, index) => (index % 2 === 0 ? `&#${char.codePointAt(0) ?? 0};` : `&#x${(char.codePointAt(0) ?? 0).toString(16)};`)),
  'base64, each alignment': ['', 'x', 'xy'].map((before) => Buffer.from(`${before}${KEY}`).toString('base64')).join(' '),
  'base64url': Buffer.from(`x${KEY}!`).toString('base64url'),
};

/** What a reader decodes: JSON and JavaScript escapes, percent-encoding and HTML entities, again and again. */
function decoded(text: string): string {
  let previous = '';
  let current = text;
  for (let round = 0; round < 8 && current !== previous; round++) {
    previous = current;
    current = current
      .replace(/\\+u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      .replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      .replace(/&#(\d+);?/g, (_, code: string) => String.fromCharCode(Number(code)))
      .replace(/&#x([0-9a-fA-F]+);?/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      .replace(/\\+([^\w\s])/g, '$1');
  }
  return current;
}

/** Every base64 run of `text`, decoded at each alignment. */
function base64Decoded(text: string): string[] {
  return [...text.matchAll(/[A-Za-z0-9+/_-]{8,}/g)].flatMap(([run]) => [0, 1, 2, 3].map((skip) => Buffer.from(run.slice(skip).replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1')));
}

const PIECES = Array.from({ length: KEY.length - 7 }, (_, start) => KEY.slice(start, start + 8));

function assertNothingOfKey(where: string, text: string): void {
  for (const candidate of [text, decoded(text), ...base64Decoded(text), ...base64Decoded(decoded(text))]) {
    const piece = PIECES.find((eight) => candidate.includes(eight));
    assert.equal(piece, undefined, `${JSON.stringify(piece)} of the key in ${where}: ${JSON.stringify(text)}`);
  }
}

/** Every text the extension builds from a failed call: notification, log line, history, tool reply, tooltips. */
function surfaces(error: GistError): Record<string, string> {
  const entry = capEntry({ gistId: 'echo', label: 'Echo', values: {}, at: 0, callId: error.callId, error: error.message });
  const phrases = { automaticVariant: 'automatic', when: 'now', callId: (id: string) => `Call id: ${id}`, failed: (text: string) => `Failed: ${text}`, truncated: 't', cut: (fields: string) => fields, unavailable: 'u' };
  const commands = { setApiKey: 'gist.setApiKey', menu: 'gist.statusBarMenu', diagnose: 'gist.diagnoseConnection' };
  const status = statusView({ status: { kind: 'error', reason: 'rejected', message: error.message }, generating: 0, lastCallId: error.callId, baseUrl: 'http://127.0.0.1', profile: 'p', profiles: ['p'] }, commands);
  return {
    'the message': error.message,
    'the service error': error.serviceError ?? '',
    'the call id': error.callId ?? '',
    'the notification': userMessage('{0}', error.message),
    'the log line': formatCallLine({ gistId: 'echo', variant: 'plain', callId: error.callId, outcome: error.kind, durationMs: 1, profile: 'p', detail: describeError(error) }),
    'the history entry': JSON.stringify(entry),
    'the history item': JSON.stringify(itemOf(entry, 'a-b')),
    'the history tooltip': historyTooltip(entry, phrases),
    'the tool reply': callFailed(error.kind, error.message, error.callId),
    'the status bar tooltip': status.tooltip,
  };
}

describe('GistClient: the key in every form, at every cut', function () {
  const f = useClientFixture();
  const echo = { gistId: 'echo', variant: 'plain', values: { text: 'hello' } };

  for (const [name, form] of Object.entries(FORMS)) {
    it(`${name}: nothing of the key anywhere, wherever the error text and the call id are cut`, async function () {
      // As the body's JSON decodes it: the positions around the cut depend on the decoded length.
      const length = (JSON.parse(`"${form}"`) as string).length;
      for (let before = Math.max(0, 300 - length - 2); before <= 301; before++) {
        const status = [500, 401, 400, 429][before % 4] ?? 500;
        const callIdBefore = 70 + (before % 60);
        const body = `{"error":"${'e'.repeat(before)}${form} is not allowed here","data":{"id":"${'c'.repeat(callIdBefore)}${form}"}}`;
        f.service.injectFaults({ path: '/v1/generate', kind: 'raw', status, body });
        const error = await failure(f.client.generate(f.settings({ apiKey: KEY }), echo));
        for (const [where, text] of Object.entries(surfaces(error))) {
          assertNothingOfKey(`${where} (${before} characters before the key, HTTP ${status})`, text);
        }
      }
    });
  }

  it('a key the client comes to know between two calls is taken out of the next one, and one it forgets is no longer looked for', async function () {
    const later = 'gk_profile_added_later_1234567';
    const known: string[] = [];
    const client = new GistClient({ knownKeys: function* () {
      yield* known;
    } });
    try {
      const echoing = (): void => f.service.injectFaults({ path: '/v1/generate', kind: 'raw', status: 200, body: JSON.stringify({ error: null, data: { id: 'c1', content: `here: ${later}` } }) });
      echoing();
      assert.equal((await client.generate(f.settings({ apiKey: KEY }), echo)).content, `here: ${later}`, 'not a known key yet');
      known.push(later);
      echoing();
      assert.ok(!(await client.generate(f.settings({ apiKey: KEY }), echo)).content.includes(later), 'known from this call on');
      echoing();
      assert.ok(!(await client.generate(f.settings({ apiKey: KEY }), echo)).content.includes(later), 'still known on the next call (the remembered list)');
      known.length = 0;
      echoing();
      assert.equal((await client.generate(f.settings({ apiKey: KEY }), echo)).content, `here: ${later}`, 'forgotten again');
    } finally {
      await client.dispose();
    }
  });

  it('another profile’s key, known to the client, is taken out of the body before the cut too', async function () {
    const other = 'gk_other_profile_key_9876543210';
    const client = new GistClient({ knownKeys: () => [other] });
    try {
      const escaped = each(other, (char, index) => (index % 2 === 0 ? unicode(char) : char));
      f.service.injectFaults({ path: '/v1/generate', kind: 'raw', status: 500, body: `{"error":"${'e'.repeat(290)}${escaped}","data":null}` });
      const error = await failure(client.generate(f.settings({ apiKey: KEY }), echo));
      assert.ok(!error.message.includes(other.slice(0, 8)), error.message);
    } finally {
      await client.dispose();
    }
  });
});
