// The one writer of CSV: every CSV the extension writes goes through `csvRecord`, which owns the
// quoting and the formula guard. The reader is a spreadsheet, so it is written for Excel's and
// LibreOffice Calc's rules, not only RFC 4180's: outside quotes they end a record at a lone CR or
// a lone LF as well as at CRLF. A field is quoted (RFC 4180: `"` doubled inside) whenever it holds
// the separator, a quote or any line break, so a multi-line text stays one cell and no line of it
// becomes the first cell of a record of its own, where the formula guard would never see it.
// Pure: no `vscode`.

/** The separator; records end with CRLF (RFC 4180). */
const SEPARATOR = ',';
const RECORD_END = '\r\n';

/** What makes a field be quoted: the separator, a quote, CR, LF, and the Unicode line breaks (quoting costs nothing, and a reader that splits there then cannot). */
const NEEDS_QUOTES = /[",\r\n\u0085\u2028\u2029]/u;

/**
 * Formulas start with = + - @ (OWASP's CSV injection list, with tab and carriage return); some
 * spreadsheets also read them after leading spaces, line breaks or invisible characters, and in
 * their full-width forms (＝ ＋ － ＠).
 */
const FORMULA_START = /^[\t\r]|^[\s\u200b-\u200f\u2060\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20]/u;

/** A cell a spreadsheet would not run: one that could start a formula is written after a `'` (OWASP's advice). */
export function spreadsheetSafe(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One cell as written: guarded against formulas, then quoted if it must be. */
function csvField(text: string): string {
  const safe = spreadsheetSafe(text);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record of CSV, its line end included: each cell guarded and quoted as a spreadsheet needs. */
export function csvRecord(cells: readonly string[]): string {
  return `${cells.map(csvField).join(SEPARATOR)}${RECORD_END}`;
}
