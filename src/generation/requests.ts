// What a call will send, from the prompts or from a command's arguments: the gist, its label and
// catalog entry, the variant(s) and the values, with the catalog's defaults filled from the editor.
// What the user typed is remembered here, before any call, so a failed call never loses it.
import * as vscode from 'vscode';
import type { Catalog, CatalogGist } from '../catalog/catalog';
import type { GistCatalog } from '../catalog/gistCatalog';
import type { GenerateRequest } from '../client/types';
import { recordOf } from '../shared/keyedRecord';
import type { Logger } from '../shared/logger';
import type { EditorSnapshot } from './editorFacts';
import { placeholdersNeeded, resolveTemplate } from '../catalog/editorTemplate';
import { runCompareFlow, runGenerateFlow, type FlowMemory } from './generateFlow';
import type { InsertMode } from './insertMode';
import type { Memory } from './memory';

/** A request with what the user sees of its gist. */
export interface LabelledRequest {
  readonly request: GenerateRequest;
  /** The gist's label as shown to the user (its id when it has none). */
  readonly label: string;
  /** The catalog entry, undefined for an ad-hoc gist id. */
  readonly entry: CatalogGist | undefined;
}

export interface PromptedCall extends LabelledRequest {
  /** Where the text goes: picked in the flow for this call, or the setting. */
  readonly insertMode: InsertMode;
}

/** One gist, two or more variants, the same values. */
export interface Comparison {
  readonly gistId: string;
  readonly label: string;
  readonly entry: CatalogGist | undefined;
  readonly variants: readonly string[];
  readonly values: Readonly<Record<string, string>>;
}

export class CallRequests {
  constructor(
    private readonly catalog: GistCatalog,
    private readonly memory: Memory,
    private readonly logger: Logger,
  ) {}

  /** Generate at Cursor: gist, variant and values in one multi-step input; `insertMode` is the flow's starting choice. */
  async prompted(snapshot: EditorSnapshot, insertMode: InsertMode): Promise<PromptedCall | undefined> {
    // One multi-step input (gist, variant, values): focus never leaves the quick input between steps.
    const prompted = await runGenerateFlow(vscode.l10n.t('Generate at Cursor'), await this.entries(), this.flowMemory(), snapshot, insertMode);
    if (prompted === undefined) {
      return undefined;
    }
    const { gist, variant, values } = prompted;
    if (prompted.typedNames !== undefined) {
      await this.memory.rememberVariableNames(gist.id, prompted.typedNames);
    }
    // Remembered before the call, so a failed call never loses what the user typed. Values filled
    // from the editor or clipboard are not: the user may not agree to send them, and they are not theirs to keep.
    await this.memory.rememberCall(gist.id, variant, prompted.typed);
    return { request: { gistId: gist.id, variant, values }, label: gist.label, entry: gist.entry, insertMode: gist.insertMode ?? insertMode };
  }

  /** Compare Variants: gist, variants and values in the same multi-step input as Generate. */
  async promptedComparison(snapshot: EditorSnapshot): Promise<Comparison | undefined> {
    const prompted = await runCompareFlow(vscode.l10n.t('Compare Variants'), await this.entries(), this.flowMemory(), snapshot);
    if (prompted === undefined) {
      return undefined;
    }
    const { gist, variants, values } = prompted;
    if (prompted.typedNames !== undefined) {
      await this.memory.rememberVariableNames(gist.id, prompted.typedNames);
    }
    // What the user typed, never what the editor or clipboard filled in (as in Generate).
    await this.memory.rememberValues(gist.id, prompted.typed);
    return { gistId: gist.id, label: gist.label, entry: gist.entry, variants, values };
  }

  /**
   * A request from a command's arguments: the gist's label from the catalog (its id when it has
   * none), and the values not given taken from the catalog defaults, resolved from the editor.
   */
  async fromArguments(request: GenerateRequest, snapshot: EditorSnapshot): Promise<LabelledRequest> {
    const entry = (await this.catalog.entries()).gists.find((gist) => gist.id === request.gistId);
    const label = entry?.label ?? request.gistId;
    const missing = (entry?.variables ?? []).filter((variable) => variable.default !== undefined && !Object.hasOwn(request.values, variable.name));
    if (missing.length === 0) {
      return { request, label, entry };
    }
    const facts = await snapshot.resolve(placeholdersNeeded(missing));
    const values = recordOf(Object.entries(request.values));
    for (const variable of missing) {
      values[variable.name] = resolveTemplate(variable.default ?? '', facts).value;
    }
    return { request: { ...request, values }, label, entry };
  }

  /** The catalog for a picker; its problems go to the log. */
  private async entries(): Promise<Catalog> {
    const catalog = await this.catalog.entries();
    for (const problem of catalog.problems) {
      this.logger.warn(problem);
    }
    return catalog;
  }

  /** What the prompts read from memory. */
  private flowMemory(): FlowMemory {
    const memory = this.memory;
    return {
      recentGists: memory.recentGists(),
      variableNames: (gistId) => memory.variableNames(gistId),
      lastValues: (gistId) => memory.lastValues(gistId),
      lastVariant: (gistId) => memory.lastVariant(gistId),
    };
  }
}
