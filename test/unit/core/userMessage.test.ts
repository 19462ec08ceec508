// Outside text in a notification, a modal or a progress title is never a link (issue 23, item A1).
// The messages are parsed with VS Code's own link grammar (test/unit/support/vscodeLinkedText.ts,
// ported from src/vs/base/common/linkedText.ts), after VS Code's own cut and line joining.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { labelText, plainText, visibleLine } from '../../../src/shared/inertText';
import { messageLines, userMessage } from '../../../src/shared/userMessage';
import { renderedLinks } from '../support/vscodeLinkedText';

/** Pieces that make links, or almost: a value may end or start with half of one. */
const piece = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.string({ unit: 'binary', maxLength: 4 }),
  fc.constantFrom(
    '[Renew it here](command:workbench.action.openSettings?%22gist%22)',
    '[docs](https://example.test/renew "title")',
    '[x](file:///etc/passwd)',
    '[',
    ']',
    '(',
    ')',
    '](',
    '](command:x)',
    'command:x',
    'https://e.example',
    '\n',
    '\r\n',
    '\u2028',
    ' ',
    '{0}',
  ),
);
const outside = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));

/** Templates with placeholders and brackets around them, but no link of their own. */
const template = fc
  .array(fc.oneof(fc.constantFrom('{0}', '{1}', '{2}', '[', ']', '(', ')', ' ', '“', '”', ': '), fc.string({ maxLength: 5 })), { maxLength: 10 })
  .map((parts) => parts.join(''))
  .filter((text) => !text.includes(']('));

/** Every sentence the extension ships (its localisation bundle): the real templates. */
const shipped: string[] = Object.keys(JSON.parse(readFileSync(path.join(__dirname, '../../../../l10n/bundle.l10n.json'), 'utf8')) as Record<string, string>);

const QUOTA = 'Quota exceeded. [Renew it here](command:workbench.action.openSettings?%22gist%22) or [docs](https://example.test/renew).';

describe('userMessage: outside values in notifications', function () {
  it('the service error seen in the workbench shows both links as text', function () {
    const message = userMessage('The gist service failed (HTTP 402): {0}. Retry in a moment.', QUOTA);
    assert.deepEqual(renderedLinks(message), []);
    assert.equal(message, 'The gist service failed (HTTP 402): Quota exceeded. [Renew it here] (command:workbench.action.openSettings?%22gist%22) or [docs] (https://example.test/renew).. Retry in a moment.');
  });

  it('no link forms where a value meets the sentence', function () {
    assert.deepEqual(renderedLinks(userMessage('[{0}', 'x](command:y)')), []);
    assert.deepEqual(renderedLinks(userMessage('[x]{0}', '(command:y)')), []);
    assert.deepEqual(renderedLinks(userMessage('{0}(command:y)', '[x]')), []);
    assert.deepEqual(renderedLinks(userMessage('{0}{1}', '[x]', '(command:y)')), []);
    assert.deepEqual(renderedLinks(userMessage('{0}\n{1}', '[x]', '(command:y)')), []);
  });

  it('for arbitrary outside values and templates, the rendered message has no link (property)', function () {
    fc.assert(
      fc.property(template, fc.array(outside, { minLength: 3, maxLength: 3 }), (own, values) => {
        const message = userMessage(own, ...values);
        assert.deepEqual(renderedLinks(message), [], JSON.stringify(message));
      }),
      { numRuns: 5000 },
    );
  });

  it('for every sentence the extension ships and arbitrary values, the rendered message has no link (property)', function () {
    assert.ok(shipped.length > 100, `${shipped.length} sentences`);
    fc.assert(
      fc.property(fc.constantFrom(...shipped), fc.array(outside, { minLength: 6, maxLength: 6 }), (own, values) => {
        assert.deepEqual(renderedLinks(userMessage(own, ...values)), []);
      }),
      { numRuns: 5000 },
    );
  });

  it('a modal detail of several lines has no link either (property)', function () {
    fc.assert(
      fc.property(fc.array(outside, { minLength: 1, maxLength: 4 }), (values) => {
        const detail = messageLines(...values.map((value) => userMessage('• {0}', value)));
        assert.equal(detail.split('\n').length, values.length, 'a value added no line');
        assert.deepEqual(renderedLinks(detail), []);
      }),
    );
  });

  it('changes nothing of a value but its link syntax, once it is one visible line (property)', function () {
    fc.assert(
      fc.property(outside, (value) => {
        const shown = userMessage('{0}', value);
        assert.equal(shown.replace(/\] \(/g, ']('), visibleLine(value, 1000).replace(/\] \(/g, ']('));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a sentence of its own with link syntax: notifications carry buttons, not links', function () {
    assert.throws(() => userMessage('See [the docs](https://example.test) for {0}', 'x'), /link syntax/);
  });
});

describe('plainText and labelText: quick input prompts and rows', function () {
  it('a prompt made of outside text renders no link (VS Code adds its own hint and parses the whole)', function () {
    fc.assert(
      fc.property(outside, (value) => {
        assert.deepEqual(renderedLinks(`${labelText(value)} (Press 'Enter' to confirm or 'Escape' to cancel)`), []);
        assert.deepEqual(renderedLinks(plainText(value)), []);
      }),
      { numRuns: 2000 },
    );
  });

  it('labelText keeps `$(name)` from becoming an icon', function () {
    assert.equal(labelText('$(bug) Eve'), '\\$(bug) Eve');
  });
});
