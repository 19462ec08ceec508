// A call id with a line break cannot forge a line of the extension's log: the log file gets
// exactly one line for the call (issue 13, item 7); nor can one hide characters in it.
import { strict as assert } from 'node:assert';
import { readExtensionLog } from './logFiles';
import { generate, nextOutcome, openEditor, resetForTest, service, signedInApi, waitFor, type TestedApi } from './support';

describe('Log forging', function () {
  let api: TestedApi;

  before(async function () {
    api = await signedInApi();
  });

  beforeEach(resetForTest);

  for (const lineBreak of ['\n', '\r\n', '\u2028']) {
    it(`a call id with ${JSON.stringify(lineBreak)} gives exactly one log line for the call`, async function () {
      const marker = `forged${Date.now()}`;
      const callId = `c1${lineBreak}2026-11-23 10:00:00.000 [info] gist=${marker} variant=auto callId=${marker} status=ok duration=1ms`;
      await service().injectFaults({ path: '/v1/generate', status: 200, error: null, data: { id: callId, content: 'generated' } }, 1);
      await openEditor('');
      const outcome = nextOutcome(api);
      await generate({ gistId: 'echo', variant: 'plain', values: { text: 'x' } });
      assert.equal((await outcome).result?.content, 'generated');
      const lines = await waitFor('the call in the log file', () => {
        const found = readExtensionLog(api)
          .split(/\r\n|[\n\r\u2028\u2029\u0085]/)
          .filter((line) => line.includes(marker));
        return found.length > 0 ? found : undefined;
      });
      assert.equal(lines.length, 1, lines.join('\n'));
      assert.match(lines[0] ?? '', /\[info\] gist=echo variant=plain callId=.*status=ok/);
    });
  }

  it('a call id with characters that show nothing or reorder the line is logged with each of them shown', async function () {
    const marker = `hidden${Date.now()}`;
    const callId = `c1\u200B${marker}\u{E0041}\u200F\u061Cend`;
    await service().injectFaults({ path: '/v1/generate', status: 200, error: null, data: { id: callId, content: 'generated' } }, 1);
    await openEditor('');
    const outcome = nextOutcome(api);
    await generate({ gistId: 'echo', variant: 'plain', values: { text: 'x' } });
    assert.equal((await outcome).result?.content, 'generated');
    const line = await waitFor('the call in the log file', () => readExtensionLog(api).split('\n').find((each) => each.includes(marker)));
    assert.doesNotMatch(line, /[\u200B\u200F\u061C]|\u{E0041}/u, JSON.stringify(line));
    assert.ok(['⟨U+200B⟩', '⟨U+E0041⟩', '⟨U+200F⟩', '⟨U+061C⟩'].every((shown) => line.includes(shown)), line);
  });
});
