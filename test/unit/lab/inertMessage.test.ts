// Every message to the results view's webview goes through one function (inertMessage): whatever a
// results or votes file holds (a variant's name, a reviewer's, a cell's text), no character that
// shows nothing or reorders text reaches the view, and no string is longer than a view needs.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { inertMessage, MAX_MESSAGE_STRING } from '../../../src/lab/inertMessage';
import type { HostMessage } from '../../../src/lab/resultsViewProtocol';
import { isInvisible } from '../../../src/shared/invisibles';

const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.array(fc.constantFrom('\u202e', '\u2066', '\u200b', '\u{e0041}', '\ufeff', '\u2028', '\u0000', '\u001b', '\ud800', 'a', '<b>', '[x](command:y)', ' '), { maxLength: 10 }).map((parts) => parts.join('')),
);

function strings(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') found.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, found);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) strings(item, found);
  return found;
}

function assertInert(text: string): void {
  let previous: string | undefined;
  for (const char of text) {
    if (char !== '\n' && char !== '\t' && char !== '\r') assert.ok(!isInvisible(char, previous), `U+${(char.codePointAt(0) ?? 0).toString(16)} reached the view in ${JSON.stringify(text)}`);
    previous = char;
  }
}

describe('messages to the results view', function () {
  it('carry no invisible or reordering character, wherever the outside text sits (property)', function () {
    fc.assert(
      fc.property(hostile, hostile, hostile, hostile, (variant, reviewer, text, problem) => {
        const messages: HostMessage[] = [
          {
            type: 'verdicts',
            verdicts: {
              headline: { parts: [{ text: variant, name: 'variant' }, { text: ' beats ' }, { text: variant, name: 'variant' }] },
              sections: [{ title: `People’s votes (${reviewer})`, notes: [problem], tables: [{ caption: 'c', columns: [variant], rows: [[variant, text]] }], bars: [{ label: variant, value: 0.5, lower: 0.4, upper: 0.6, text }] }],
              ms: 3,
              problems: [problem],
            },
          },
          { type: 'review', reviewer, staysBlind: false, review: { total: 1, voted: 0, skipped: 0, canUndo: false, pair: { key: 'k', row: 1, sample: 1, values: text, left: { text, cut: false }, right: { text: variant, cut: true } } } },
          { type: 'voted', left: variant, right: reviewer, verdict: 'left' },
          { type: 'failed', message: problem },
        ];
        for (const message of messages) {
          const shown = inertMessage(message);
          assert.equal(shown.type, message.type);
          for (const value of strings(shown)) assertInert(value);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps numbers, booleans and visible text as they are, and cuts a string no view needs whole', function () {
    const message = { type: 'voted' as const, left: 'formal ✓', right: 'x'.repeat(MAX_MESSAGE_STRING + 10), verdict: 'tie' };
    const shown = inertMessage<Extract<HostMessage, { type: 'voted' }>>({ type: 'voted', left: message.left, right: message.right, verdict: message.verdict });
    assert.equal(shown.left, 'formal ✓');
    assert.equal(shown.right.length, MAX_MESSAGE_STRING);
    const review = inertMessage({ type: 'review', reviewer: 'Ada', staysBlind: true, review: { total: 3, voted: 1, skipped: 0, canUndo: true } } satisfies HostMessage);
    assert.deepEqual(review, { type: 'review', reviewer: 'Ada', staysBlind: true, review: { total: 3, voted: 1, skipped: 0, canUndo: true } });
  });
});
