// A results line never holds a key, wherever a hostile service or a data file puts it and in
// whatever form: the line's text is checked whole after it is serialised (issue 26: the cheap
// proof that a text is clean must not let a key through).
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { validateApiKey } from '../../../src/client/apiKey';
import { recordOf } from '../../../src/shared/keyedRecord';
import { lineText } from '../../../src/runs/resultsText';
import { writtenForms } from '../support/writtenForms';
import { result } from './resultsSamples';

const visibleAscii = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)), minLength: 8, maxLength: 20 });

/** The key as a writer could have put it into the text: as is, JSON-escaped once or twice, percent-encoded, base64. */
function written(key: string, form: number): string {
  return [key, JSON.stringify(key), JSON.stringify(JSON.stringify(key)), encodeURIComponent(key), Buffer.from(key).toString('base64')][form % 5] as string;
}

describe('results lines and keys', function () {
  it('no form of a key placed in a value, a value name, the content, the call id or an error reaches the line (property)', function () {
    fc.assert(
      fc.property(visibleAscii, fc.nat(), fc.nat(4), fc.string(), fc.string(), (key, form, where, before, after) => {
        if (!validateApiKey(key).ok) {
          return;
        }
        const text = `${before}${written(key, form)}${after}`;
        const line = [
          result(1, 'formal', 1, { values: recordOf([['name', text]]) }),
          result(1, 'formal', 1, { values: recordOf([[text, 'Ada']]) }),
          result(1, 'formal', 1, { content: text, length: text.length }),
          result(1, 'formal', 1, { callId: text }),
          result(1, 'formal', 1, { callId: null, content: null, length: null, error: { kind: 'service', message: text, status: 500 } }),
        ][where] as Parameters<typeof lineText>[0];
        const out = lineText(line, [key]);
        for (const one of writtenForms(key)) {
          assert.ok(!out.includes(one), `${JSON.stringify(one)} in ${out}`);
        }
        JSON.parse(out);
      }),
      { numRuns: 1500 },
    );
  });
});
