// Validates the arguments of `gist.generate` when another extension, a keybinding or a test
// calls it directly. Pure: no `vscode`.

import { identifierProblem } from '../client/identifiers';
import type { GenerateRequest } from '../client/types';
import { INSERT_MODES, isInsertMode, type InsertMode } from './insertMode';
import { recordOf } from '../shared/keyedRecord';
import { isRecord } from '../shared/text';

export type GenerateArgsResult =
  | { readonly ok: true; readonly request: GenerateRequest; readonly insertMode?: InsertMode | undefined }
  | { readonly ok: false; readonly reason: string };

/** `undefined` means "no arguments: prompt for everything". */
export function parseGenerateArgs(args: unknown): GenerateArgsResult | undefined {
  if (args === undefined || args === null) {
    return undefined;
  }
  if (!isRecord(args)) {
    return { ok: false, reason: 'expected an object {gistId, variant?, values?}.' };
  }
  const { gistId, variant, values, insertMode } = args;
  if (typeof gistId !== 'string' || gistId.trim() === '') {
    return { ok: false, reason: '"gistId" must be a non-empty string.' };
  }
  if (variant !== undefined && variant !== null && typeof variant !== 'string') {
    return { ok: false, reason: '"variant" must be a string when given.' };
  }
  const gistProblem = identifierProblem(gistId.trim(), 'gist id');
  if (gistProblem !== undefined) {
    return { ok: false, reason: `"gistId" ${gistProblem}.` };
  }
  const variantProblem = typeof variant === 'string' ? identifierProblem(variant.trim(), 'variant slug') : undefined;
  if (variantProblem !== undefined) {
    return { ok: false, reason: `"variant" ${variantProblem}.` };
  }
  if (values !== undefined && !isRecord(values)) {
    return { ok: false, reason: '"values" must be an object of strings.' };
  }
  if (insertMode !== undefined && !isInsertMode(insertMode)) {
    return { ok: false, reason: `"insertMode" must be one of ${INSERT_MODES.join(', ')}.` };
  }
  // Names such as `__proto__` stay values (a plain object would take it as its prototype).
  const checked = recordOf<string>();
  for (const [name, value] of Object.entries(values ?? {})) {
    if (typeof value !== 'string') {
      return { ok: false, reason: `value "${name}" must be a string.` };
    }
    checked[name] = value;
  }
  const slug = typeof variant === 'string' && variant.trim() !== '' ? variant.trim() : undefined;
  return { ok: true, request: { gistId: gistId.trim(), variant: slug, values: checked }, ...(insertMode === undefined ? {} : { insertMode }) };
}
