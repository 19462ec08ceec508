// Which column (or constant) gives each variable of the gist its value, and the values of one row
// under that mapping. Variables and columns are matched by name, case-insensitively; a variable
// that no column matches gets a column or a constant the user picks; names match across Unicode's
// normal forms too. Pure: no `vscode`.
import { ownValue, recordOf } from '../shared/keyedRecord';
import { MAX_CALL_VALUE_BYTES, MAX_CALL_VALUES, MAX_VARIABLE_NAME_BYTES, utf8Length } from '../shared/limits';
import type { DataRow } from './dataRecord';
import { columnLabel } from './rowValues';

/** Where a variable's value comes from: a column of each row, or one constant for every row. */
export type ValueSource = { readonly column: string } | { readonly constant: string };

/** Variable name → its source; a null-prototype record (variable names come from outside). */
export type ColumnMapping = Readonly<Record<string, ValueSource>>;

export interface MappingProposal {
  /** The variables some column matches by name. */
  readonly mapping: ColumnMapping;
  /** Variables no column matches: each needs a column or a constant picked. */
  readonly unmatched: readonly string[];
  /** Variables that several columns match case-insensitively (none exactly): each needs one picked. */
  readonly ambiguous: ReadonlyArray<{ readonly variable: string; readonly columns: readonly string[] }>;
}

/**
 * A name as compared: spaces around it dropped, case folded (upper then lower, so `ß` and `SS`
 * agree) and in Unicode's composed form, since macOS writes `é` as `e` + U+0301 where a gist says
 * U+00E9. Compatibility forms (full-width letters) stay other names: NFKC would merge names the
 * user may mean apart.
 */
const folded = (name: string): string => name.trim().normalize('NFD').toUpperCase().toLowerCase().normalize('NFC');

/** Whether a column and a variable have the same name, told apart neither by case nor spaces around it. */
export function sameColumnName(column: string, variable: string): boolean {
  return folded(column) === folded(variable);
}

/** Matches each variable to the column of the same name: exactly, else case-insensitively (and ignoring spaces around it). */
export function matchColumns(variables: readonly string[], columns: readonly string[]): MappingProposal {
  const mapping = recordOf<ValueSource>();
  const unmatched: string[] = [];
  const ambiguous: Array<{ variable: string; columns: string[] }> = [];
  for (const variable of variables) {
    if (columns.includes(variable)) {
      mapping[variable] = { column: variable };
      continue;
    }
    const matches = columns.filter((column) => sameColumnName(column, variable));
    if (matches.length === 1) {
      mapping[variable] = { column: matches[0] as string };
    } else if (matches.length === 0) {
      unmatched.push(variable);
    } else {
      ambiguous.push({ variable, columns: matches });
    }
  }
  return { mapping, unmatched, ambiguous };
}

export function isValueSource(value: unknown): value is ValueSource {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const keys = Object.keys(value);
  const source = value as Record<string, unknown>;
  return keys.length === 1 && (typeof source.column === 'string' || typeof source.constant === 'string');
}

/**
 * Why `mapping` cannot be used for a gist with `variables` (a variable left out, a column the
 * file does not have, a constant too large), as a sentence; undefined when it can. `columns` is
 * the CSV header; for JSON files (whose rows each have their own keys) leave it out.
 */
export function mappingProblem(mapping: ColumnMapping, variables: readonly string[], columns?: readonly string[]): string | undefined {
  if (variables.length > MAX_CALL_VALUES) {
    return `The gist has ${variables.length} variables; a call sends at most ${MAX_CALL_VALUES} values.`;
  }
  for (const variable of variables) {
    if (utf8Length(variable) > MAX_VARIABLE_NAME_BYTES) {
      return `A variable name is longer than ${MAX_VARIABLE_NAME_BYTES} bytes.`;
    }
    const source = ownValue(mapping, variable);
    if (source === undefined || !isValueSource(source)) {
      return `The variable ${columnLabel(variable)} has no column or constant: pick one.`;
    }
    if ('constant' in source && utf8Length(source.constant) > MAX_CALL_VALUE_BYTES) {
      return `The constant for ${columnLabel(variable)} is larger than ${MAX_CALL_VALUE_BYTES / 1024} KB.`;
    }
    if ('column' in source && columns !== undefined && !columns.includes(source.column)) {
      return `The data file has no column ${columnLabel(source.column)} (for the variable ${columnLabel(variable)}).`;
    }
  }
  return undefined;
}

export type MappedValues = { readonly ok: true; readonly values: Record<string, string> } | { readonly ok: false; readonly reason: string };

/** The values one call sends for `row`: a row without a mapped column, or with a value too large, fails alone. */
export function valuesOfRow(row: DataRow, mapping: ColumnMapping, variables: readonly string[]): MappedValues {
  const values = recordOf<string>();
  for (const variable of variables) {
    const source = ownValue(mapping, variable);
    if (source === undefined) {
      return { ok: false, reason: `the variable ${columnLabel(variable)} has no column or constant` };
    }
    const value = 'column' in source ? ownValue(row.values, source.column) : source.constant;
    if (value === undefined) {
      return { ok: false, reason: `it has no value in the column ${columnLabel('column' in source ? source.column : '')} (for the variable ${columnLabel(variable)})` };
    }
    if (utf8Length(value) > MAX_CALL_VALUE_BYTES) {
      return { ok: false, reason: `its value for ${columnLabel(variable)} is ${Math.ceil(utf8Length(value) / 1024)} KB; a value is at most ${MAX_CALL_VALUE_BYTES / 1024} KB` };
    }
    values[variable] = value;
  }
  return { ok: true, values };
}
