// "Gist: Run over Data…" as one multi-step input, keyboard-true like Generate, with Back: gist →
// variants (a checkbox list: the catalog's, typed slugs, and Automatic as a column of its own) →
// data file (the one given, or the active one when it is data, else a pick) → a column or a
// constant for each variable no column matches → samples per cell → a summary with Run.
import * as vscode from 'vscode';
import type { Catalog, CatalogGist } from '../catalog/catalog';
import { matchColumns, sameColumnName, type ColumnMapping, type ValueSource } from '../dataset/columnMapping';
import { formatOfPath, type DataFormat } from '../dataset/dataFormat';
import { isDataFileError } from '../dataset/dataFileError';
import { scanDataFile, type DataScan } from '../dataset/dataScan';
import { askGist } from '../generation/gistStep';
import { parseVariableNames } from '../generation/variableNames';
import { recordOf } from '../shared/keyedRecord';
import { MAX_RUN_SAMPLES } from '../shared/limits';
import { MultiStepInput, reasonIfRefused, type Step } from '../shared/multiStepInput';
import { resultsPathFor } from '../runs/resultsFormat';
import { AUTOMATIC, type VariantChoice } from '../runs/variants';
import { pickDataFile } from './dataFilePick';
import { resultsFileChoice } from './resultsFileChoice';
import { columnLabel, mappingSummary, placeholderPart, resultsFileName, titlePart, typedVariantLabel, variantRow, variantsSummary } from './runOverDataText';
import { userMessage } from '../shared/userMessage';
import { showError, showWarning } from '../shared/notify';

/** What the flow hands the runner. */
export interface LabRequest {
  readonly gist: { readonly id: string; readonly label: string; readonly entry: CatalogGist | undefined };
  readonly variants: readonly VariantChoice[];
  readonly dataPath: string;
  readonly format: DataFormat;
  readonly variables: readonly string[];
  readonly mapping: ColumnMapping;
  readonly samples: number;
  readonly onBadRow: 'skip' | 'stop';
  readonly resultsPath: string;
  readonly overwrite: boolean;
  /** The data file as the summary counted it: the run reuses it while the file is unchanged. */
  readonly scan: DataScan;
}

export interface LabFlowContext {
  readonly catalog: Catalog;
  readonly recentGists: readonly string[];
  /** The data file the command was run on (Explorer, editor title), or the active editor's when it is data. */
  readonly dataFile: vscode.Uri | undefined;
  /** "to profile Staging at gists.acme.com": where the calls go. */
  readonly destination: { readonly profile: string; readonly host: string };
  readonly concurrency: number;
  /** True when a file of that name exists (the summary asks to replace it or pick another name). */
  exists(file: string): Promise<boolean>;
}

interface VariantRow extends vscode.QuickPickItem {
  readonly choice: VariantChoice;
}

interface SourceRow extends vscode.QuickPickItem {
  readonly source?: ValueSource;
  readonly constant?: true;
}

interface SummaryRow extends vscode.QuickPickItem {
  readonly action: 'run' | 'badRows' | 'resultsFile' | 'info';
}

const AUTOMATIC_KEY = '\u0000automatic';
const keyOf = (choice: VariantChoice): string => choice ?? AUTOMATIC_KEY;

export async function runOverDataFlow(context: LabFlowContext): Promise<LabRequest | undefined> {
  const title = vscode.l10n.t('Run over Data');
  const byId = new Map(context.catalog.gists.map((gist) => [gist.id, gist]));
  const state: {
    gist?: LabRequest['gist'];
    variants: VariantChoice[];
    dataPath?: string;
    format?: DataFormat;
    scan?: DataScan;
    variables?: readonly string[];
    typedNames?: string;
    mapping: Record<string, ValueSource>;
    /** The variables no column matched when the mapping was proposed: a step each. */
    toMap: readonly string[];
    samples: number;
    onBadRow: 'skip' | 'stop';
    resultsPath?: string;
    overwrite: boolean;
  } = { variants: [], mapping: recordOf<ValueSource>(), toMap: [], samples: 1, onBadRow: 'skip', overwrite: false };

  const total = (): number => 4 + (state.gist !== undefined && state.gist.entry === undefined ? 1 : 0) + state.toMap.length + 1;

  const gistStep: Step = async (input) => {
    for (;;) {
      const answer = await askGist(input, {
        title,
        totalSteps: total(),
        placeholder: vscode.l10n.t('Pick the gist to run over a data file'),
        catalog: context.catalog,
        recentGists: context.recentGists,
        currentId: state.gist?.id,
        typedId: state.gist?.entry === undefined ? (state.gist?.id ?? '') : '',
      });
      if (answer?.kind !== 'gist') continue;
      const id = answer.id;
      if (state.gist?.id !== id) {
        const entry = byId.get(id);
        state.gist = { id, label: entry?.label ?? id, entry };
        state.variants = entry?.variant !== undefined ? [entry.variant] : [];
        state.variables = entry?.variables.map((variable) => variable.name);
        state.mapping = recordOf<ValueSource>();
      }
      return variantsStep;
    }
  };

  const variantsStep: Step = async (input) => {
    const gist = state.gist!;
    const known: VariantChoice[] = [AUTOMATIC, ...(gist.entry?.variants.map((variant) => variant.slug) ?? []), ...(gist.entry?.variant !== undefined ? [gist.entry.variant] : [])];
    const rows: VariantRow[] = [...new Set(known)].map((choice): VariantRow => {
      if (choice === null) {
        return { label: `$(symbol-event) ${vscode.l10n.t('Automatic')}`, description: vscode.l10n.t('the service picks by its traffic allocation: a column of its own'), choice };
      }
      const variant = gist.entry?.variants.find((candidate) => candidate.slug === choice);
      return { ...variantRow(choice, variant?.label), choice };
    });
    const picked = await input.showMultiPick<VariantRow>({
      title: vscode.l10n.t('{0}: Variants', titlePart(gist.label)),
      totalSteps: total(),
      placeholder: vscode.l10n.t('Pick the variants to run (Space toggles one); type a slug to add one that is not listed'),
      items: rows,
      keyOf: (row) => keyOf(row.choice),
      selectedKeys: state.variants.map(keyOf),
      minimum: 1,
      tooFew: () => vscode.l10n.t('Pick at least one variant (Automatic counts as one)'),
      typedItem: (slug) => (slug === '' ? undefined : { label: typedVariantLabel(slug), description: vscode.l10n.t('typed slug'), choice: slug, alwaysShow: true }),
    });
    if (picked.kind !== 'items') return variantsStep;
    state.variants = [...new Set(picked.items.map((row) => row.choice))];
    return dataStep;
  };

  const dataStep: Step = async (input) => {
    const given = context.dataFile !== undefined && state.dataPath === undefined ? context.dataFile : undefined;
    const file = given ?? (await pickDataFile(input, { title: vscode.l10n.t('{0}: Data File', titlePart(state.gist!.label)), totalSteps: total(), current: state.dataPath }));
    if (file === undefined) return dataStep;
    const format = formatOfPath(file.fsPath);
    if (format === undefined) {
      void showWarning(userMessage(vscode.l10n.t('A data file is a .csv, .jsonl (or .ndjson) or .json file.')));
      return dataStep;
    }
    if (state.dataPath !== file.fsPath) {
      input.busy();
      try {
        state.scan = await scanDataFile(file.fsPath, format);
      } catch (error) {
        void showError(userMessage('{0}', isDataFileError(error) ? error.message : String(error)));
        return dataStep;
      }
      state.dataPath = file.fsPath;
      state.format = format;
      state.resultsPath = undefined;
      state.overwrite = false;
      state.mapping = recordOf<ValueSource>();
    }
    if (state.gist!.entry === undefined && state.variables === undefined) return namesStep;
    return afterVariables();
  };

  const namesStep: Step = async (input) => {
    const entered = await input.showInputBox({
      title: vscode.l10n.t('{0}: Variables', titlePart(state.gist!.label)),
      totalSteps: total(),
      prompt: vscode.l10n.t('The names of the gist’s variables, separated by commas. The data file’s columns are filled in.'),
      value: state.typedNames ?? (state.scan?.columns ?? []).join(', '),
      validate: reasonIfRefused(parseVariableNames),
    });
    state.typedNames = entered.value;
    const names = parseVariableNames(entered.value);
    state.variables = names.ok ? names.names : [];
    state.mapping = recordOf<ValueSource>();
    return afterVariables();
  };

  const afterVariables = (): Step | undefined => {
    const proposal = matchColumns(state.variables ?? [], state.scan?.columns ?? []);
    const mapping = recordOf<ValueSource>(Object.entries(proposal.mapping));
    // Answers given before (going Back and forth) are kept for variables that still need one.
    state.toMap = [...proposal.unmatched, ...proposal.ambiguous.map((entry) => entry.variable)];
    for (const variable of state.toMap) {
      const kept = state.mapping[variable];
      if (kept !== undefined) mapping[variable] = kept;
    }
    state.mapping = mapping;
    return mappingStep(0);
  };

  const mappingStep = (index: number): Step => async (input) => {
    const variable = state.toMap[index];
    if (variable === undefined) return samplesStep;
    const columns = state.scan?.columns ?? [];
    const rows: SourceRow[] = [
      ...columns.map((column) => ({ label: columnLabel(column), description: sameColumnName(column, variable) ? vscode.l10n.t('same name') : undefined, source: { column } })),
      { label: `$(symbol-constant) ${vscode.l10n.t('A constant for every row…')}`, constant: true, alwaysShow: true },
    ];
    const picked = await input.showQuickPick<SourceRow>({
      title: vscode.l10n.t('{0}: Value of “{1}”', titlePart(state.gist!.label), titlePart(variable)),
      totalSteps: total(),
      placeholder: vscode.l10n.t('No column is named “{0}”: pick the column that holds it, or give one value for every row', placeholderPart(variable)),
      items: rows,
      matchOnDescription: true,
    });
    if (picked.kind !== 'item') return mappingStep(index);
    if (picked.item.constant === true) {
      const entered = await input.showInputBox({
        title: vscode.l10n.t('{0}: Value of “{1}” for Every Row', titlePart(state.gist!.label), titlePart(variable)),
        totalSteps: total(),
        prompt: vscode.l10n.t('Sent as it is for every row (no placeholders are filled in).'),
        value: '',
      });
      state.mapping[variable] = { constant: entered.value };
    } else if (picked.item.source !== undefined) {
      state.mapping[variable] = picked.item.source;
    }
    return mappingStep(index + 1);
  };

  const samplesStep: Step = async (input) => {
    const entered = await input.showInputBox({
      title: vscode.l10n.t('{0}: Samples per Cell', titlePart(state.gist!.label)),
      totalSteps: total(),
      prompt: vscode.l10n.t('Calls per row and variant: 1, or more for variants that do not always give the same text (at most {0}).', MAX_RUN_SAMPLES),
      value: String(state.samples),
      validate: (value) => {
        const samples = Number(value.trim());
        return Number.isInteger(samples) && samples >= 1 && samples <= MAX_RUN_SAMPLES ? undefined : vscode.l10n.t('A whole number from 1 to {0}.', MAX_RUN_SAMPLES);
      },
    });
    state.samples = Number(entered.value.trim());
    return summaryStep;
  };

  const summaryStep: Step = async (input) => {
    for (;;) {
      const dataPath = state.dataPath!;
      state.resultsPath ??= resultsPathFor(dataPath, state.gist!.id);
      const exists = !state.overwrite && (await context.exists(state.resultsPath));
      const scan = state.scan!;
      const calls = scan.rows * state.variants.length * state.samples;
      const rows: SummaryRow[] = [
        {
          label: `$(play) ${vscode.l10n.t('Run')}`,
          description: vscode.l10n.t('{0} rows × {1} variants × {2} = {3} calls', scan.rows, state.variants.length, state.samples, calls),
          detail: vscode.l10n.t('Up to {0} at a time, to profile {1} at {2}', context.concurrency, context.destination.profile, context.destination.host),
          action: 'run',
        },
        {
          label: state.onBadRow === 'skip' ? `$(debug-step-over) ${vscode.l10n.t('A malformed row is skipped and recorded')}` : `$(debug-stop) ${vscode.l10n.t('A malformed row stops the run')}`,
          description: scan.badRows > 0 ? vscode.l10n.t('{0} malformed rows found (first on line {1})', scan.badRows, scan.firstBadRows[0]?.line ?? '?') : vscode.l10n.t('none found'),
          detail: vscode.l10n.t('Enter to switch'),
          action: 'badRows',
        },
        {
          label: `$(file) ${vscode.l10n.t('Results: {0}', resultsFileName(state.resultsPath))}`,
          description: exists ? vscode.l10n.t('exists: Enter to pick another name or replace it') : vscode.l10n.t('beside the data file; Enter to pick another name'),
          action: 'resultsFile',
        },
        {
          label: `$(list-flat) ${vscode.l10n.t('Variants: {0}', variantsSummary(state.variants))}`,
          description: mappingSummary(state.mapping),
          action: 'info',
        },
      ];
      const picked = await input.showQuickPick<SummaryRow>({
        title: vscode.l10n.t('{0}: Run {1} Calls?', titlePart(state.gist!.label), calls),
        totalSteps: total(),
        placeholder: exists ? vscode.l10n.t('A results file of that name exists: pick another name or replace it') : vscode.l10n.t('Enter runs; Back changes an answer'),
        items: rows,
        activeItem: exists ? rows[2] : rows[0],
      });
      if (picked.kind !== 'item') continue;
      switch (picked.item.action) {
        case 'run':
          if (exists) continue;
          return undefined;
        case 'badRows':
          state.onBadRow = state.onBadRow === 'skip' ? 'stop' : 'skip';
          continue;
        case 'resultsFile': {
          const saved = await vscode.window.showSaveDialog({
            defaultUri: vscode.Uri.file(state.resultsPath),
            filters: { [vscode.l10n.t('Gist run results')]: ['jsonl'] },
            title: vscode.l10n.t('Results File'),
          });
          if (saved !== undefined) {
            const choice = resultsFileChoice(saved.fsPath);
            state.resultsPath = choice.resultsPath;
            // Replacing is agreed only where the save dialog asked about that very file; otherwise the summary asks.
            state.overwrite = choice.dialogAskedAboutIt && (await context.exists(state.resultsPath));
          }
          continue;
        }
        case 'info':
          continue;
      }
    }
  };

  const completed = await MultiStepInput.run(gistStep);
  if (!completed || state.gist === undefined || state.dataPath === undefined || state.format === undefined || state.scan === undefined || state.resultsPath === undefined) {
    return undefined;
  }
  return {
    gist: state.gist,
    variants: state.variants,
    dataPath: state.dataPath,
    format: state.format,
    variables: state.variables ?? [],
    mapping: state.mapping,
    samples: state.samples,
    onBadRow: state.onBadRow,
    resultsPath: state.resultsPath,
    overwrite: state.overwrite,
    scan: state.scan,
  };
}
