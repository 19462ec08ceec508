// The arguments of `gist.lab.runOverData` when another extension, a keybinding or a test runs it
// without prompts: `{gistId, variants, dataFile, mapping?, samples?, onBadRow?, resultsFile?,
// overwrite?}`. Hostile until checked, like `gist.generate`'s. Pure: no `vscode`.
import { identifierProblem } from '../client/identifiers';
import { isValueSource, type ValueSource } from '../dataset/columnMapping';
import { recordOf } from '../shared/keyedRecord';
import { MAX_RUN_SAMPLES, MAX_RUN_VARIANTS } from '../shared/limits';
import { isRecord } from '../shared/text';
import type { VariantChoice } from '../runs/variants';

export interface LabRunArgs {
  readonly gistId: string;
  /** `null` is Automatic. */
  readonly variants: readonly VariantChoice[];
  /** A path on this machine. */
  readonly dataFile: string;
  /** Variables the data file's columns do not match by name; the rest are matched. */
  readonly mapping: Readonly<Record<string, ValueSource>>;
  readonly samples: number;
  readonly onBadRow: 'skip' | 'stop';
  readonly resultsFile: string | undefined;
  readonly overwrite: boolean;
}

export type LabRunArgsResult = { readonly ok: true; readonly args: LabRunArgs } | { readonly ok: false; readonly reason: string };

const SHAPE = '{gistId, variants, dataFile, mapping?, samples?, onBadRow?, resultsFile?, overwrite?}';

/** Undefined when the command was given no object of arguments (a Uri from a menu, or nothing): then it prompts. */
export function parseLabRunArgs(args: unknown): LabRunArgsResult | undefined {
  if (!isRecord(args) || !('gistId' in args)) {
    return undefined;
  }
  const { gistId, variants, dataFile, mapping, samples, onBadRow, resultsFile, overwrite } = args;
  if (typeof gistId !== 'string' || gistId.trim() === '') return { ok: false, reason: `"gistId" must be a non-empty string (${SHAPE}).` };
  const gistProblem = identifierProblem(gistId.trim(), 'gist id');
  if (gistProblem !== undefined) return { ok: false, reason: `"gistId" ${gistProblem}.` };
  if (!Array.isArray(variants) || variants.length === 0 || variants.length > MAX_RUN_VARIANTS) {
    return { ok: false, reason: `"variants" must be a list of 1 to ${MAX_RUN_VARIANTS} slugs (null for Automatic).` };
  }
  const choices: VariantChoice[] = [];
  for (const variant of variants as unknown[]) {
    if (variant !== null && (typeof variant !== 'string' || variant.trim() === '')) return { ok: false, reason: '"variants" holds something that is neither a slug nor null.' };
    const problem = typeof variant === 'string' ? identifierProblem(variant.trim(), 'variant slug') : undefined;
    if (problem !== undefined) return { ok: false, reason: `a variant ${problem}.` };
    choices.push(typeof variant === 'string' ? variant.trim() : null);
  }
  if (typeof dataFile !== 'string' || dataFile.trim() === '') return { ok: false, reason: '"dataFile" must be the path of a .csv, .jsonl or .json file.' };
  const sources = recordOf<ValueSource>();
  if (mapping !== undefined) {
    if (!isRecord(mapping)) return { ok: false, reason: '"mapping" must map variables to {column} or {constant}.' };
    for (const [variable, source] of Object.entries(mapping)) {
      if (!isValueSource(source)) return { ok: false, reason: `"mapping.${variable}" must be {column: text} or {constant: text}.` };
      sources[variable] = source;
    }
  }
  if (samples !== undefined && (typeof samples !== 'number' || !Number.isInteger(samples) || samples < 1 || samples > MAX_RUN_SAMPLES)) {
    return { ok: false, reason: `"samples" must be a whole number from 1 to ${MAX_RUN_SAMPLES}.` };
  }
  if (onBadRow !== undefined && onBadRow !== 'skip' && onBadRow !== 'stop') return { ok: false, reason: '"onBadRow" must be "skip" or "stop".' };
  if (resultsFile !== undefined && (typeof resultsFile !== 'string' || !resultsFile.endsWith('.gistrun.jsonl'))) {
    return { ok: false, reason: '"resultsFile" must be a path ending in .gistrun.jsonl.' };
  }
  if (overwrite !== undefined && typeof overwrite !== 'boolean') return { ok: false, reason: '"overwrite" must be true or false.' };
  return {
    ok: true,
    args: {
      gistId: gistId.trim(),
      variants: [...new Set(choices)],
      dataFile: dataFile.trim(),
      mapping: sources,
      samples: samples ?? 1,
      onBadRow: onBadRow ?? 'skip',
      resultsFile,
      overwrite: overwrite ?? false,
    },
  };
}
