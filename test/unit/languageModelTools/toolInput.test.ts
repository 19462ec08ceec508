import { strict as assert } from 'node:assert';
import { parseGenerateToolInput } from '../../../src/languageModelTools/toolInput';
import { recordOf } from '../../../src/shared/keyedRecord';
import { MAX_TOOL_VALUE_BYTES, MAX_TOOL_VALUES, MAX_VARIABLE_NAME_BYTES } from '../../../src/shared/limits';

function refusal(input: unknown): string {
  const parsed = parseGenerateToolInput(input);
  assert.ok(!parsed.ok, `refused: ${JSON.stringify(input)?.slice(0, 100)}`);
  return parsed.reason;
}

describe('gist_generate input', () => {
  it('accepts {gistId, variant?, values} as a request, ids trimmed, values as given', () => {
    assert.deepEqual(parseGenerateToolInput({ gistId: ' echo ', variant: 'plain', values: { text: ' as is ' } }), {
      ok: true,
      request: { gistId: 'echo', variant: 'plain', values: recordOf([['text', ' as is ']]) },
    });
    assert.deepEqual(parseGenerateToolInput({ gistId: 'echo' }), { ok: true, request: { gistId: 'echo', variant: undefined, values: recordOf() } });
  });

  it('refuses what is not the schema’s shape, naming the field', () => {
    assert.match(refusal(undefined), /object \{gistId, variant\?, values\}/);
    assert.match(refusal('echo'), /object/);
    assert.match(refusal([]), /object/);
    assert.match(refusal({ values: {} }), /gistId/);
    assert.match(refusal({ gistId: 'echo', variant: 1 }), /variant/);
    assert.match(refusal({ gistId: 'echo', values: [] }), /values/);
    assert.match(refusal({ gistId: 'echo', values: { text: 3 } }), /value "text" must be a string/);
    assert.match(refusal({ gistId: 'echo', values: { text: null } }), /value "text" must be a string/);
  });

  it('refuses fields the tool does not have, insertMode among them (a tool inserts nothing)', () => {
    assert.match(refusal({ gistId: 'echo', values: {}, insertMode: 'cursor' }), /Unknown input field "insertMode"/);
    assert.match(refusal({ gistId: 'echo', values: {}, apiKey: 'x', baseUrl: 'y' }), /"apiKey", "baseUrl"/);
  });

  it('caps the number of values, the size of a value and of a name', () => {
    const many = Object.fromEntries(Array.from({ length: MAX_TOOL_VALUES + 1 }, (_, index) => [`v${index}`, 'x']));
    assert.match(refusal({ gistId: 'echo', values: many }), /Too many values/);
    const atCap = Object.fromEntries(Array.from({ length: MAX_TOOL_VALUES }, (_, index) => [`v${index}`, 'x']));
    assert.ok(parseGenerateToolInput({ gistId: 'echo', values: atCap }).ok);
    assert.match(refusal({ gistId: 'echo', values: { text: 'é'.repeat(MAX_TOOL_VALUE_BYTES / 2 + 1) } }), /at most 64 KB/);
    assert.ok(parseGenerateToolInput({ gistId: 'echo', values: { text: 'x'.repeat(MAX_TOOL_VALUE_BYTES) } }).ok);
    assert.match(refusal({ gistId: 'echo', values: { ['n'.repeat(MAX_VARIABLE_NAME_BYTES + 1)]: 'x' } }), /at most 256 bytes/);
    assert.match(refusal({ gistId: 'e'.repeat(300), values: {} }), /longer than 256 bytes/);
  });

  it('refuses names that are not plain text and values that are not valid Unicode', () => {
    assert.match(refusal({ gistId: 'echo', values: { '': 'x' } }), /must not be empty/);
    assert.match(refusal({ gistId: 'echo', values: { 'a\nb': 'x' } }), /plain text/);
    assert.match(refusal({ gistId: 'echo', values: { text: 'half \uD800 pair' } }), /not valid Unicode/);
    assert.match(refusal({ gistId: 'echo\uDC00', values: {} }), /not valid Unicode/);
  });

  it('keeps __proto__ and constructor as ordinary variable names', () => {
    const input = JSON.parse('{"gistId":"echo","values":{"__proto__":"p","constructor":"c"}}') as unknown;
    const parsed = parseGenerateToolInput(input);
    assert.ok(parsed.ok);
    assert.deepEqual(Object.entries(parsed.request.values), [
      ['__proto__', 'p'],
      ['constructor', 'c'],
    ]);
  });
});
