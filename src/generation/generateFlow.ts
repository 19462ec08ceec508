// The steps of "Generate at Cursor…" and "Compare Variants…" as one multi-step input: gist →
// variant(s) → variable names (ad-hoc gists, once) → one input per variable. Back keeps values.
import * as vscode from 'vscode';
import type { Catalog, CatalogGist, CatalogVariable } from '../catalog/catalog';
import { placeholdersNeeded, planVariables, type VariablePlan } from '../catalog/editorTemplate';
import type { InsertMode } from './insertMode';
import { parseVariableNames } from './variableNames';
import { editInEditor } from './editInEditor';
import { flowButton } from '../shared/flowButtons';
import { labelText, plainText } from '../shared/inertText';
import type { EditorSnapshot } from './editorFacts';
import { askGist } from './gistStep';
import type { PickedGist } from './gistItems';
import { askInsertMode, insertModeIcon, insertModeLabel } from './insertModeChoice';
import { MultiStepInput, reasonIfRefused, type Step } from '../shared/multiStepInput';
import { askVariant, askVariants } from './variantSteps';

/** What the flow needs from the extension: remembered names and values, and where to keep new names. */
export interface FlowMemory {
  readonly recentGists: readonly string[];
  variableNames(gistId: string): readonly string[] | undefined;
  lastValues(gistId: string): Readonly<Record<string, string>>;
  lastVariant(gistId: string): string | undefined;
}

/** The answers gathered so far; kept across Back so nothing typed is lost. */
interface State {
  gist?: PickedGist;
  insertMode: InsertMode | undefined;
  /** `undefined` is Automatic; only meaningful once `variantChosen`. */
  variant?: string | undefined;
  variantChosen: boolean;
  /** The variants picked to compare (Compare Variants only). */
  variants?: readonly string[];
  /** Names typed for an ad-hoc gist (asked once; remembered by the caller). */
  typedNames?: readonly string[];
  plan?: readonly VariablePlan[];
  variables?: readonly CatalogVariable[];
  /** Keyed by variable name: a Map, so `__proto__` or `constructor` are ordinary names. */
  readonly values: Map<string, string>;
}

export interface ComparePrompted {
  readonly gist: PickedGist;
  /** Two or more slugs. */
  readonly variants: readonly string[];
  readonly values: Record<string, string>;
  /** The values the user typed or accepted (not those filled from the editor): what is remembered. */
  readonly typed: Record<string, string>;
  readonly typedNames: readonly string[] | undefined;
}

/** What differs between the two flows. */
interface FlowKind {
  readonly title: string;
  readonly gistPlaceholder: string;
  /** One variant (or Automatic) to generate, or several to compare. */
  readonly variants: 'one' | 'several';
}

export interface GeneratePrompted {
  readonly gist: PickedGist;
  readonly variant: string | undefined;
  readonly values: Record<string, string>;
  /** The values the user typed or accepted (not those filled from the editor): what is remembered. */
  readonly typed: Record<string, string>;
  /** Names typed for an ad-hoc gist, to remember; undefined when none were asked. */
  readonly typedNames: readonly string[] | undefined;
}

const editButton = (): vscode.QuickInputButton => flowButton('editInEditor', new vscode.ThemeIcon('go-to-file'), vscode.l10n.t('Edit in Editor…'));

/** A value object that takes any key as data, `__proto__` included. */
function toRecord(values: ReadonlyMap<string, string>): Record<string, string> {
  const record = Object.create(null) as Record<string, string>;
  for (const [name, value] of values) {
    record[name] = value;
  }
  return record;
}

/** Generate at Cursor: gist → variant → values; the insert mode button when `defaultMode` is set. */
export async function runGenerateFlow(
  title: string,
  catalog: Catalog,
  memory: FlowMemory,
  snapshot: EditorSnapshot,
  defaultMode: InsertMode | undefined,
): Promise<GeneratePrompted | undefined> {
  const kind: FlowKind = { title, gistPlaceholder: vscode.l10n.t('Pick a gist to generate from'), variants: 'one' };
  const done = await runFlow(kind, catalog, memory, snapshot, defaultMode);
  return done === undefined ? undefined : { gist: done.gist, variant: done.variant, values: done.values, typed: done.typed, typedNames: done.typedNames };
}

/** Compare Variants: gist → two or more variants → values. */
export async function runCompareFlow(title: string, catalog: Catalog, memory: FlowMemory, snapshot: EditorSnapshot): Promise<ComparePrompted | undefined> {
  const kind: FlowKind = { title, gistPlaceholder: vscode.l10n.t('Pick a gist whose variants to compare'), variants: 'several' };
  const done = await runFlow(kind, catalog, memory, snapshot, undefined);
  return done === undefined ? undefined : { gist: done.gist, variants: done.variants, values: done.values, typed: done.typed, typedNames: done.typedNames };
}

interface Done {
  readonly gist: PickedGist;
  readonly variant: string | undefined;
  readonly variants: readonly string[];
  readonly values: Record<string, string>;
  readonly typed: Record<string, string>;
  readonly typedNames: readonly string[] | undefined;
}

async function runFlow(kind: FlowKind, catalog: Catalog, memory: FlowMemory, snapshot: EditorSnapshot, defaultMode: InsertMode | undefined): Promise<Done | undefined> {
  const title = kind.title;
  const state: State = { insertMode: defaultMode, variantChosen: false, values: new Map() };
  const byId = new Map<string, CatalogGist>(catalog.gists.map((gist) => [gist.id, gist]));

  const needsVariantStep = (gist: PickedGist): boolean => kind.variants === 'several' || gist.entry?.variant === undefined;
  const needsNamesStep = (gist: PickedGist): boolean => gist.entry === undefined && memory.variableNames(gist.id) === undefined;
  const asked = (): number => (state.plan ?? []).filter((step) => step.kind === 'ask').length;
  const total = (): number => {
    const gist = state.gist;
    if (gist === undefined) {
      return 2;
    }
    return 1 + (needsVariantStep(gist) ? 1 : 0) + (needsNamesStep(gist) ? 1 : 0) + Math.max(asked(), state.plan === undefined ? 1 : 0);
  };

  const pickGistStep: Step = async (input) => {
    for (;;) {
      const modeButton: vscode.QuickInputButton | undefined =
        state.insertMode === undefined ? undefined : flowButton('insertMode', insertModeIcon(state.insertMode), vscode.l10n.t('{0} ▸ change…', insertModeLabel(state.insertMode)));
      const answer = await askGist(input, {
        title,
        totalSteps: total(),
        placeholder: kind.gistPlaceholder,
        catalog,
        recentGists: memory.recentGists,
        currentId: state.gist?.id,
        typedId: state.gist?.entry === undefined ? (state.gist?.id ?? '') : '',
        buttons: modeButton === undefined ? [] : [modeButton],
      });
      if (answer?.kind === 'button') {
        state.insertMode = await askInsertMode(input, total(), state.insertMode);
        continue;
      }
      if (answer === undefined) {
        continue;
      }
      const id = answer.id;
      const entry = byId.get(id);
      const changed = state.gist?.id !== id;
      state.gist = { id, label: entry?.label ?? id, entry, insertMode: state.insertMode };
      if (changed) {
        state.values.clear();
        state.variantChosen = false;
        state.variants = undefined;
        state.typedNames = undefined;
      }
      return afterGist();
    }
  };

  const afterGist = async (): Promise<Step | undefined> => {
    const gist = state.gist;
    if (gist === undefined) {
      return undefined;
    }
    if (needsVariantStep(gist)) {
      return kind.variants === 'several' ? pickVariantsStep : pickVariantStep;
    }
    state.variant = gist.entry?.variant;
    state.variantChosen = true;
    return afterVariant();
  };

  const pickVariantStep: Step = async (input) => {
    const gist = state.gist as PickedGist;
    const previous = state.variantChosen ? (state.variant ?? '') : memory.lastVariant(gist.id);
    const chosen = await askVariant(input, { label: gist.label, variants: gist.entry?.variants ?? [], lastVariant: previous, typedSlug: state.variant ?? '' }, total());
    if (chosen === undefined) {
      return pickVariantStep;
    }
    state.variant = chosen.variant;
    state.variantChosen = true;
    return afterVariant();
  };

  const pickVariantsStep: Step = async (input) => {
    const gist = state.gist as PickedGist;
    const chosen = await askVariants(input, gist.label, gist.entry?.variants ?? [], state.variants ?? [], memory.lastVariant(gist.id), total());
    if (chosen === undefined) {
      return pickVariantsStep;
    }
    state.variants = chosen;
    state.variantChosen = true;
    return afterVariant();
  };

  const afterVariant = async (): Promise<Step | undefined> => {
    const gist = state.gist as PickedGist;
    return needsNamesStep(gist) ? namesStep : planValues();
  };

  const namesStep: Step = async (input) => {
    const gist = state.gist as PickedGist;
    const entered = await input.showInputBox({
      title: vscode.l10n.t('{0}: Variables', plainText(gist.label, 100)),
      totalSteps: total(),
      prompt: vscode.l10n.t('The names of the gist’s variables, separated by commas (empty if it has none). Asked once per gist.'),
      placeholder: 'name, product',
      value: (state.typedNames ?? []).join(', '),
      validate: reasonIfRefused(parseVariableNames),
    });
    const result = parseVariableNames(entered.value);
    state.typedNames = result.ok ? result.names : [];
    return planValues();
  };

  // Done while the previous input stays on screen: which variables the editor fills, which are asked.
  const planValues = async (): Promise<Step | undefined> => {
    const gist = state.gist as PickedGist;
    const variables = gist.entry?.variables ?? (state.typedNames ?? memory.variableNames(gist.id) ?? []).map((name) => ({ name }));
    const facts = await snapshot.resolve(placeholdersNeeded(variables));
    state.variables = variables;
    state.plan = planVariables(variables, facts, memory.lastValues(gist.id));
    return valueStep(0);
  };

  const valueStep = (index: number): Step | undefined => {
    const plan = state.plan ?? [];
    const askedSteps = plan.filter((step) => step.kind === 'ask');
    const step = askedSteps[index];
    if (step === undefined) {
      return undefined;
    }
    return async (input) => {
      const gist = state.gist as PickedGist;
      const prefill = state.values.get(step.name) ?? step.prefill;
      const description = state.variables?.find((variable) => variable.name === step.name)?.description;
      // A prompt renders links and icons: the catalog's description and names go in inert.
      const prompt = description === undefined ? vscode.l10n.t('Value of “{0}”', labelText(step.name, 100)) : labelText(description, 300);
      const edit = editButton();
      const entered = await input.showInputBox({
        title: `${plainText(gist.label, 100)} — ${plainText(step.name, 100)}`,
        totalSteps: total(),
        prompt: prefill.includes('\n') ? `${prompt} ${vscode.l10n.t('(multi-line: use Edit in Editor…)')}` : prompt,
        value: prefill,
        buttons: [edit],
        keep: (value) => state.values.set(step.name, value),
      });
      if (entered.kind === 'button') {
        input.hide();
        state.values.set(step.name, await editInEditor(step.name, entered.value));
      } else {
        state.values.set(step.name, entered.value);
      }
      return valueStep(index + 1);
    };
  };

  const completed = await MultiStepInput.run(pickGistStep);
  const gist = state.gist;
  if (!completed || gist === undefined || state.plan === undefined) {
    return undefined;
  }
  const values = new Map<string, string>();
  const typed = new Map<string, string>();
  for (const step of state.plan) {
    if (step.kind === 'filled') {
      values.set(step.name, step.value);
    } else {
      const value = state.values.get(step.name) ?? step.prefill;
      values.set(step.name, value);
      typed.set(step.name, value);
    }
  }
  return {
    gist: { ...gist, insertMode: state.insertMode },
    variant: state.variant,
    variants: state.variants ?? [],
    values: toRecord(values),
    typed: toRecord(typed),
    typedNames: state.typedNames,
  };
}
