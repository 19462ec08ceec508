// The one escaping path for outside text in Markdown (issue 13, item 4): the rendered result shows
// the text as written and contains no link, image or HTML, whatever the text.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { HistoryEntry } from '../../../src/history/historyEntry';
import { visibleLine } from '../../../src/shared/inertText';
import { historyTooltip } from '../../../src/history/historyTooltip';
import { commandLink, markdownCodeBlock, markdownText } from '../../../src/shared/markdown';
import { activeParts, renderedText } from '../support/renderedLinks';

const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constantFrom('\n\n', '\r', '\u2028', '`', '```', '~~~', '    ', '[x](command:gist.setApiKey)', '<command:x>', 'https://e.example', 'www.e.example', 'a@b.co', '<b>', '$(bug)', '&#91;', '\\', '[x]: command:y', '[x]', '!'),
);
const text = fc.array(hostile, { maxLength: 10 }).map((parts) => parts.join(''));

describe('markdown: outside text as inert Markdown', function () {
  it('shows text with Markdown syntax as written, on one line', function () {
    const written = '[Set](command:gist.setApiKey?{"apiKey":"x"}) *a* _b_ `c` <i>d</i> $(bug) &amp; https://e.example a@b.co';
    assert.deepEqual(activeParts(markdownText(written)), { links: [], images: [], html: [] });
    assert.equal(renderedText(markdownText(written)).trim(), written);
    assert.equal(markdownText('a\n\nb\u2028c'), 'a b⟨U\\+2028⟩c');
  });

  it('never produces a link, image or HTML, and keeps every character it does not flatten (property)', function () {
    fc.assert(
      fc.property(text, (value) => {
        const markdown = markdownText(value, 10_000);
        assert.deepEqual(activeParts(markdown), { links: [], images: [], html: [] }, JSON.stringify(markdown));
        assert.ok(!markdown.includes('\n'));
        assert.equal(renderedText(markdown).trim(), visibleLine(value, 10_000));
      }),
      { numRuns: 2000 },
    );
  });

  it('a code block is never closed early by backticks in the code', function () {
    fc.assert(
      fc.property(text, (code) => {
        const markdown = `${markdownCodeBlock(code)}\n\nafter [own](command:gist.x)`;
        assert.deepEqual(activeParts(markdown).links, ['command:gist.x'], JSON.stringify(markdown));
        assert.deepEqual(activeParts(markdown).html, []);
      }),
      { numRuns: 2000 },
    );
  });

  it('the extension’s own command link renders as that one link', function () {
    assert.deepEqual(activeParts(commandLink('Set [API] Key', 'gist.setApiKey')).links, ['command:gist.setApiKey']);
    assert.throws(() => commandLink('x', 'gist.setApiKey?{"apiKey":"x"}'));
  });
});

describe('history tooltip: stored calls add no links', function () {
  const entry: fc.Arbitrary<HistoryEntry> = fc.record({
    gistId: text,
    label: text,
    variant: fc.option(text, { nil: undefined }),
    values: fc.constant({}),
    at: fc.nat(),
    callId: fc.option(text, { nil: undefined }),
    content: fc.option(text, { nil: undefined }),
    truncated: fc.option(fc.boolean(), { nil: undefined }),
    error: fc.option(text, { nil: undefined }),
  });
  const phrases = { automaticVariant: 'automatic variant', when: '1/2/2026, 10:00', callId: (id: string) => `Call id: ${id}`, failed: (error: string) => `Failed: ${error}`, truncated: 'Only part was kept.', cut: (fields: string) => `Shortened: ${fields}`, unavailable: 'Not saved.' };

  it('for arbitrary labels, variants, call ids, errors and content, the tooltip has no link, image or HTML', function () {
    fc.assert(
      fc.property(entry, (value) => {
        const markdown = historyTooltip(value, phrases);
        assert.deepEqual(activeParts(markdown), { links: [], images: [], html: [] }, JSON.stringify(markdown));
      }),
      { numRuns: 2000 },
    );
  });

  it('says which details were shortened to fit the history', function () {
    const markdown = historyTooltip({ gistId: 'g', label: 'L', values: {}, at: 0, content: 'hi', cut: ['values', 'label'] }, phrases);
    assert.ok(renderedText(markdown).includes('Shortened: values, label'), renderedText(markdown));
  });

  it('shows the label, the call id and the content as written', function () {
    const markdown = historyTooltip({ gistId: 'g', label: 'A [label]', values: {}, at: 0, callId: 'call_1', content: 'Dear Ada,\n```\n[x](command:y)' }, phrases);
    const shown = renderedText(markdown);
    for (const part of ['A [label]', 'Call id: call_1', 'Dear Ada,\n```\n[x](command:y)']) {
      assert.ok(shown.includes(part), `${part} in ${shown}`);
    }
  });
});
