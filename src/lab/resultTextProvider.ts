// The whole text of one cell, opened from the results view (Enter) or compared with another
// (C, C): a read-only document of its own scheme, read back from the results file on demand.
// The URI names the results file, the row, the variant and the sample; the title says the same.
import * as vscode from 'vscode';
import { variantLabel } from '../runs/variants';
import { ResultsIndex } from './resultsIndex';
import { resultTextTitle } from './resultTextTitle';
import { cellResult } from './resultsRows';

export const RESULT_TEXT_SCHEME = 'gist-result';

interface CellUriQuery {
  readonly file: string;
  readonly row: number;
  readonly variant: number;
  readonly sample?: number;
  /** A variant the results file does not have (variant -1): its name, for the sentence that says so. */
  readonly absent?: string;
}

/** `gist-result:/<gist> · <variant> · row <n>.txt?<the cell>`: the path is the editor's title. */
export function resultTextUri(file: vscode.Uri, gist: string, variantName: string, row: number, variant: number, sample?: number, absent?: string): vscode.Uri {
  const query: CellUriQuery = { file: file.toString(), row, variant, ...(sample === undefined ? {} : { sample }), ...(absent === undefined ? {} : { absent }) };
  const title = resultTextTitle(gist, variantName, row, sample);
  return vscode.Uri.from({ scheme: RESULT_TEXT_SCHEME, path: `/${title}`, query: JSON.stringify(query) });
}

export class ResultTextProvider implements vscode.TextDocumentContentProvider {
  /** `openIndex`: the index a results view already holds for that file, else undefined. */
  constructor(private readonly openIndex: (path: string) => ResultsIndex | undefined) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    let query: CellUriQuery;
    try {
      query = JSON.parse(uri.query) as CellUriQuery;
    } catch {
      return vscode.l10n.t('This link does not name a cell of a results file.');
    }
    const file = vscode.Uri.parse(query.file);
    if (file.scheme !== 'file') {
      return vscode.l10n.t('Results files are read from disk only.');
    }
    const index = this.openIndex(file.fsPath) ?? (await ResultsIndex.open(file.fsPath));
    if (typeof query.absent === 'string') {
      return vscode.l10n.t('This run did not run the variant {0}.', query.absent);
    }
    const line = await cellResult(index, query.row, query.variant, query.sample);
    if (line === undefined) {
      return vscode.l10n.t('Row {0} has no result for {1} (yet).', query.row, variantLabel(index.header.variants[query.variant] ?? null));
    }
    if (line.error !== null) {
      return vscode.l10n.t('The call failed ({0}): {1}', line.error.kind, line.error.message);
    }
    return line.truncated === true ? `${line.content ?? ''}\n\n${vscode.l10n.t('[The text was cut to 1 MiB in the results file.]')}` : (line.content ?? '');
  }
}
