// A CSV reader that splits records and fields as a spreadsheet does, to test what we write with
// the rules of the program that reads it. Ported from LibreOffice Calc's import
// (sc/source/ui/docshell/impex.cxx: `ReadCsvLine` reads a physical line with
// `ReadUniOrByteStringLine`, which ends it at CR, LF or CRLF, and joins the next line only while a
// quoted field is open; `ScanNextFieldFromString` splits the fields); Excel splits the same way.
// - Outside quotes CR, LF, CRLF and LFCR each end a record (tools/source/stream/stream.cxx,
//   `SvStream::ReadLine`, takes the other of the pair with the first); U+2028, U+2029 and U+0085 do not.
// - A field that starts with `"` is quoted: `""` inside is one `"`, and line breaks and separators
//   are part of it; the field ends at the next lone `"`.
// - A `"` anywhere else is an ordinary character.
// Stricter than a spreadsheet in one way: text between a closing quote and the separator (which
// Calc appends to the field and Excel mangles) is an error here, since no writer should produce it.

export function spreadsheetRecords(text: string, separator = ','): string[][] {
  return spreadsheetCells(text, separator).map((record) => record.map((cell) => cell.text));
}

/** The records' cells, each with whether it was quoted (a spreadsheet's own export quotes text and leaves numbers bare). */
export function spreadsheetCells(text: string, separator = ','): Array<Array<{ readonly text: string; readonly quoted: boolean }>> {
  const records: Array<Array<{ readonly text: string; readonly quoted: boolean }>> = [];
  let record: Array<{ readonly text: string; readonly quoted: boolean }> = [];
  let i = 0;
  const endsField = (char: string | undefined): boolean => char === undefined || char === separator || char === '\r' || char === '\n';
  while (i < text.length) {
    let field = '';
    const quoted = text[i] === '"';
    if (quoted) {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error(`A quoted field is never closed (from offset ${i}).`);
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i];
        i++;
      }
      if (!endsField(text[i])) throw new Error(`Text after a closing quote at offset ${i}: ${JSON.stringify(text.slice(i, i + 20))}.`);
    } else {
      while (!endsField(text[i])) field += text[i++];
    }
    record.push({ text: field, quoted });
    const next = text[i];
    if (next === separator) {
      i++;
      if (i === text.length) record.push({ text: '', quoted: false });
      continue;
    }
    // A record ends here: CRLF, LFCR, a lone CR or a lone LF, or the end of the text.
    records.push(record);
    record = [];
    if ((next === '\r' && text[i + 1] === '\n') || (next === '\n' && text[i + 1] === '\r')) i += 2;
    else if (next !== undefined) i++;
  }
  if (record.length > 0) records.push(record);
  return records;
}
