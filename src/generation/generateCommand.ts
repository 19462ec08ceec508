// "Gist: Generate at Cursor…": key and service URL if missing, then gist, variant, values, call.
// With arguments `{gistId, variant?, values?}` it skips the prompts and returns `{id, content}`.
import * as vscode from 'vscode';
import type { ConnectionSettings, GenerateRequest, GenerationResult } from '../client/types';
import type { Catalog, CatalogGist } from '../catalog/catalog';
import { type InsertMode } from './insertMode';
import { placeholdersNeeded, resolveTemplate } from './editorTemplate';
import { parseGenerateArgs } from './generateArgs';
import { recordOf } from '../shared/keyedRecord';
import { connectionFor } from '../account/connection';
import type { GenerationRunner } from './runner';
import { InsertionTarget } from './insertionTarget';
import type { Memory } from './memory';
import { ensureBaseUrl } from '../account/baseUrlPrompt';
import { EditorSnapshot } from './editorFacts';
import { runGenerateFlow, type FlowMemory } from './generateFlow';
import type { EditorValueConsent } from '../catalog/workspaceGistConsent';
import { setApiKey, type SetApiKeyDeps } from '../account/keyFlow';

export interface GenerateDeps extends SetApiKeyDeps {
  readonly memory: Memory;
  /** The gist.gists setting and every folder's .vscode/gists.json. */
  readonly catalog: () => Promise<Catalog>;
  readonly runner: GenerationRunner;
  /** Asks before editor or clipboard text goes to a gist the workspace defined. */
  readonly consent: EditorValueConsent;
}

interface PromptedRequest {
  readonly request: GenerateRequest;
  readonly label: string;
  /** The catalog entry, undefined for an ad-hoc gist id. */
  readonly entry: CatalogGist | undefined;
  readonly insertMode: InsertMode;
}

/** The connection, running the key flow or asking for the URL when either is missing. */
export async function ensureConnection(deps: GenerateDeps): Promise<ConnectionSettings | undefined> {
  if (deps.settings.baseUrl() === '') {
    deps.onFirstRun();
  }
  let key = await deps.keyStore.get();
  if (key === undefined) {
    // Asks for the service URL too when it is missing, in the same flow as the key.
    await setApiKey(deps);
    key = await deps.keyStore.get();
  }
  if ((await ensureBaseUrl(deps.settings)) === undefined) {
    return undefined;
  }
  const connection = connectionFor(deps.settings, key);
  return connection.ok ? connection.connection : undefined;
}

async function promptForRequest(deps: GenerateDeps, snapshot: EditorSnapshot): Promise<PromptedRequest | undefined> {
  const catalog = await deps.catalog();
  for (const problem of catalog.problems) {
    deps.logger.warn(problem);
  }
  // One multi-step input (gist, variant, values): focus never leaves the quick input between steps.
  const prompted = await runGenerateFlow(vscode.l10n.t('Generate at Cursor'), catalog, flowMemory(deps.memory), snapshot, deps.settings.insertMode());
  if (prompted === undefined) {
    return undefined;
  }
  const { gist, variant, values } = prompted;
  if (prompted.typedNames !== undefined) {
    await deps.memory.rememberVariableNames(gist.id, prompted.typedNames);
  }
  // Remembered before the call, so a failed call never loses what the user typed. Values filled
  // from the editor or clipboard are not: the user may not agree to send them, and they are not theirs to keep.
  await deps.memory.rememberCall(gist.id, variant, prompted.typed);
  return { request: { gistId: gist.id, variant, values }, label: gist.label, entry: gist.entry, insertMode: gist.insertMode ?? deps.settings.insertMode() };
}

/** What the prompts read from memory. */
export function flowMemory(memory: Memory): FlowMemory {
  return {
    recentGists: memory.recentGists(),
    variableNames: (gistId) => memory.variableNames(gistId),
    lastValues: (gistId) => memory.lastValues(gistId),
    lastVariant: (gistId) => memory.lastVariant(gistId),
  };
}

/**
 * With arguments: the gist's label from the catalog (its id when it has none), and the values not
 * given taken from the catalog defaults, resolved from the editor.
 */
export async function withDefaults(deps: GenerateDeps, request: GenerateRequest, snapshot: EditorSnapshot): Promise<{ request: GenerateRequest; label: string; entry: CatalogGist | undefined }> {
  const entry = (await deps.catalog()).gists.find((gist) => gist.id === request.gistId);
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

export async function generate(deps: GenerateDeps, args?: unknown): Promise<GenerationResult | undefined> {
  const parsed = parseGenerateArgs(args);
  if (parsed !== undefined && !parsed.ok) {
    deps.logger.error(`gist.generate called with invalid arguments: ${parsed.reason}`);
    void vscode.window.showErrorMessage(vscode.l10n.t('Gist: Generate was called with invalid arguments: {0}', parsed.reason));
    return undefined;
  }
  // Captured first: the text lands where the command was invoked, whatever happens meanwhile.
  const target = InsertionTarget.capture(vscode.window.activeTextEditor);
  const snapshot = EditorSnapshot.capture(vscode.window.activeTextEditor);
  try {
    const connection = await ensureConnection(deps);
    if (connection === undefined) {
      return undefined;
    }
    const prompted =
      parsed === undefined
        ? await promptForRequest(deps, snapshot)
        : { ...(await withDefaults(deps, parsed.request, snapshot)), insertMode: parsed.insertMode ?? deps.settings.insertMode() };
    if (prompted === undefined || !(await deps.consent.confirm(prompted.entry, prompted.request.values, parsed?.request.values))) {
      return undefined;
    }
    return await deps.runner.run(connection, prompted.request, target, prompted.label, prompted.insertMode);
  } finally {
    target.dispose();
  }
}
