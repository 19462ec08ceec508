// Columns to variables: matched by name (exactly, else case-insensitively), the rest picked as a
// column or a constant; a row without a mapped column, or with a value too large, fails alone.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { mappingProblem, matchColumns, sameColumnName, valuesOfRow, type ColumnMapping } from '../../../src/dataset/columnMapping';
import type { DataRow } from '../../../src/dataset/dataRecord';
import { ownValue, recordOf } from '../../../src/shared/keyedRecord';
import { MAX_CALL_VALUE_BYTES } from '../../../src/shared/limits';

const row = (values: Record<string, string>, line = 2): DataRow => ({ kind: 'row', row: line - 1, line, values: recordOf(Object.entries(values)) });

describe('column mapping', function () {
  it('matches variables to columns exactly, else case-insensitively and ignoring spaces', function () {
    const proposal = matchColumns(['name', 'Product', 'city', 'tone'], ['NAME', ' product ', 'country', 'Tone', 'tone']);
    assert.deepEqual({ ...proposal.mapping }, { name: { column: 'NAME' }, Product: { column: ' product ' }, tone: { column: 'tone' } });
    assert.deepEqual(proposal.unmatched, ['city']);
    assert.deepEqual(proposal.ambiguous, []);
  });

  it('matches names after Unicode normalisation: a column café in NFD (as macOS writes it) is the variable café in NFC', function () {
    const nfc = 'caf\u00e9';
    const nfd = 'cafe\u0301';
    assert.deepEqual({ ...matchColumns([nfc], [nfd]).mapping }, { [nfc]: { column: nfd } });
    assert.deepEqual({ ...matchColumns([nfd], [` ${nfc.toUpperCase()} `]).mapping }, { [nfd]: { column: ` ${nfc.toUpperCase()} ` } });
    // Compatibility forms are other names (full-width letters): never matched silently.
    assert.deepEqual(matchColumns(['name'], ['\uff4e\uff41\uff4d\uff45']).unmatched, ['name']);
    assert.deepEqual({ ...matchColumns(['strasse'], ['STRASSE', 'Straße']).ambiguous[0] }, { variable: 'strasse', columns: ['STRASSE', 'Straße'] });
    assert.ok(sameColumnName(nfd, nfc.toUpperCase()));
  });

  it('matches a variable to its column for any spelling in any normal form and case', function () {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: 12 }), fc.constantFrom('NFC', 'NFD'), fc.constantFrom('NFC', 'NFD'), fc.boolean(), (name, variableForm, columnForm, upper) => {
        const variable = name.normalize(variableForm);
        const column = upper ? name.toUpperCase().normalize(columnForm) : name.normalize(columnForm);
        fc.pre(variable.trim() !== '');
        const proposal = matchColumns([variable], [column]);
        return ownValue(proposal.mapping, variable) !== undefined;
      }),
    );
  });

  it('asks when several columns match a variable case-insensitively', function () {
    const proposal = matchColumns(['name'], ['Name', 'NAME']);
    assert.deepEqual(proposal.ambiguous, [{ variable: 'name', columns: ['Name', 'NAME'] }]);
    assert.deepEqual(Object.keys(proposal.mapping), []);
  });

  it('matches variables named __proto__ or constructor like any other', function () {
    const proposal = matchColumns(['__proto__', 'constructor'], ['__PROTO__', 'constructor']);
    assert.equal(Object.getPrototypeOf(proposal.mapping), null);
    assert.deepEqual(Object.keys(proposal.mapping), ['__proto__', 'constructor']);
    assert.deepEqual(proposal.mapping.__proto__, { column: '__PROTO__' });
  });

  it('says what is wrong with a mapping: a variable left out, a column the file lacks, a constant too large', function () {
    const columns = ['name', 'product'];
    const good: ColumnMapping = recordOf([
      ['name', { column: 'name' }],
      ['product', { constant: 'Loom' }],
    ]);
    assert.equal(mappingProblem(good, ['name', 'product'], columns), undefined);
    assert.match(mappingProblem(good, ['name', 'product', 'city'], columns) ?? '', /variable “city” has no column or constant/);
    const missing: ColumnMapping = recordOf([['name', { column: 'Name' }]]);
    assert.match(mappingProblem(missing, ['name'], columns) ?? '', /no column “Name”/);
    assert.equal(mappingProblem(missing, ['name']), undefined, 'JSON rows each have their own keys');
    const huge: ColumnMapping = recordOf([['name', { constant: 'x'.repeat(MAX_CALL_VALUE_BYTES + 1) }]]);
    assert.match(mappingProblem(huge, ['name'], columns) ?? '', /larger than 64 KB/);
    assert.match(mappingProblem(recordOf(), Array.from({ length: 65 }, (_, index) => `v${index}`), columns) ?? '', /at most 64 values/);
  });

  it('gives each row its values: a column, or the constant for every row', function () {
    const mapping: ColumnMapping = recordOf([
      ['name', { column: 'Name' }],
      ['product', { constant: 'Loom' }],
    ]);
    const values = valuesOfRow(row({ Name: 'Ada', extra: 'x' }), mapping, ['name', 'product']);
    assert.ok(values.ok);
    assert.equal(Object.getPrototypeOf(values.values), null);
    assert.deepEqual({ ...values.values }, { name: 'Ada', product: 'Loom' });
  });

  it('fails a row without the mapped column, or with a value too large, alone', function () {
    const mapping: ColumnMapping = recordOf([['name', { column: 'Name' }]]);
    const missing = valuesOfRow(row({ name: 'Ada' }), mapping, ['name']);
    assert.ok(!missing.ok);
    assert.match(missing.reason, /no value in the column “Name” \(for the variable “name”\)/);
    const large = valuesOfRow(row({ Name: 'é'.repeat(MAX_CALL_VALUE_BYTES) }), mapping, ['name']);
    assert.ok(!large.ok);
    assert.match(large.reason, /128 KB; a value is at most 64 KB/);
    // A column named like an Object.prototype member is looked up as the row's own value only.
    const inherited = valuesOfRow(row({}), recordOf([['name', { column: 'constructor' }]]), ['name']);
    assert.ok(!inherited.ok);
  });
});
