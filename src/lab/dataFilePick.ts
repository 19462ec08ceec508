// The data file step of Run over Data: the workspace's .csv, .jsonl and .json files (results files
// and the usual tool settings left out), and "Browse…" for a file anywhere else.
import * as vscode from 'vscode';
import type { MultiStepInput } from '../shared/multiStepInput';
import { dataFileLabel } from './runOverDataText';

interface FileRow extends vscode.QuickPickItem {
  readonly uri?: vscode.Uri;
  readonly browse?: true;
}

/** Files listed at most; the rest are reached by typing or Browse…. */
const MAX_LISTED = 500;
const DATA_GLOB = '**/*.{csv,jsonl,ndjson,json}';
const EXCLUDED = '{**/node_modules/**,**/.git/**,**/*.gistrun.jsonl,**/*.votes.jsonl,**/package.json,**/package-lock.json,**/tsconfig*.json,**/.vscode/**}';

export async function pickDataFile(input: MultiStepInput, options: { readonly title: string; readonly totalSteps: number; readonly current: string | undefined }): Promise<vscode.Uri | undefined> {
  const files = await vscode.workspace.findFiles(DATA_GLOB, EXCLUDED, MAX_LISTED);
  files.sort((a, b) => rank(a) - rank(b) || vscode.workspace.asRelativePath(a).localeCompare(vscode.workspace.asRelativePath(b)));
  const rows: FileRow[] = files.map((uri) => ({ label: dataFileLabel(vscode.workspace.asRelativePath(uri)), uri }));
  rows.push({ label: `$(folder-opened) ${vscode.l10n.t('Browse…')}`, description: vscode.l10n.t('a data file anywhere'), browse: true, alwaysShow: true });
  const picked = await input.showQuickPick<FileRow>({
    title: options.title,
    totalSteps: options.totalSteps,
    placeholder: files.length === 0 ? vscode.l10n.t('No .csv, .jsonl or .json file in the workspace: Browse… for one') : vscode.l10n.t('Pick the data file: a row per case, a column per variable'),
    items: rows,
    activeItem: rows.find((row) => row.uri?.fsPath === options.current),
  });
  if (picked.kind !== 'item') return undefined;
  if (picked.item.browse !== true) return picked.item.uri;
  const chosen = await vscode.window.showOpenDialog({
    canSelectMany: false,
    openLabel: vscode.l10n.t('Use as Data'),
    filters: { [vscode.l10n.t('Data files')]: ['csv', 'jsonl', 'ndjson', 'json'] },
  });
  return chosen?.[0];
}

/** CSV and JSONL first: they are the data files; JSON files are often something else. */
function rank(uri: vscode.Uri): number {
  return uri.path.endsWith('.json') ? 1 : 0;
}
