// JSON Schemas of is-json and contains-json, compiled with Ajv as promptfoo does (strict schema
// mode, so a typo in a keyword is an error rather than a schema that accepts everything). A schema
// in a test file is untrusted: it is capped in size and depth before Ajv sees it (Ajv compiles
// recursively), remote `$ref`s are never fetched, `pattern`s run on the linear-time engine, and a
// schema whose `$ref`s would make checking a value slow is refused before Ajv compiles it
// (schemaWork.ts: Ajv has no option bounding that work). Ajv's defaults that matter here are kept:
// it stops at the first error (no `allErrors`) and takes no `$data` references. The work of checking
// one output is estimated from its shape and the schema's cost before Ajv runs (assertionWork.ts:
// uniqueItems compares every pair of items), and a value over the budget is left unchecked, saying
// why. Pure: no `vscode`.
import type Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { RegExpEngine } from 'ajv/dist/types';
import { checkLibraries } from './checkLibraries';
import { MAX_ASSERTION_WORK, MAX_SCHEMA_CHARS, MAX_SCHEMA_DEPTH } from './checkLimits';
import { overBudget, schemaWork, shapeOf, tooMuchWork, walkLimit, type SchemaCost } from './assertionWork';
import { measureSchemaWork } from './schemaWork';
import { compileUserRegex, regexInstructions } from './userRegex';

/**
 * Checks one JSON value within `budget` steps (MAX_ASSERTION_WORK unless given): `errors` is Ajv's
 * text for the first failure, `reason` why it could not be checked; `work` the steps estimated.
 */
export type SchemaValidator = (
  value: unknown,
  budget?: number,
) => ({ readonly verdict: 'valid' } | { readonly verdict: 'invalid'; readonly errors: string } | { readonly verdict: 'unchecked'; readonly reason: string }) & { readonly work: number };

export type SchemaCompilation = { readonly ok: true; readonly validator: SchemaValidator } | { readonly ok: false; readonly message: string };

/** Ajv's `code.regExp`: patterns compile on RE2, or the schema does not compile. */
const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string): { test: (text: string) => boolean } => {
    const compiled = compileUserRegex(pattern);
    if (!compiled.ok) {
      throw new Error(`pattern ${JSON.stringify(pattern)}: ${compiled.message}`);
    }
    return compiled.regex;
  },
  { code: 'linearRegExp' },
);

function depthOf(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (typeof node !== 'object' || node === null) {
      continue;
    }
    deepest = Math.max(deepest, depth);
    if (deepest > limit) {
      return deepest;
    }
    for (const child of Object.values(node)) {
      stack.push({ node: child, depth: depth + 1 });
    }
  }
  return deepest;
}

/**
 * What the schema's keywords cost a value beyond its subschemas: `enum` and `const` compared with
 * it, `pattern`s run on its strings and names, `uniqueItems`. Read from every object of the schema
 * (a property named "enum" counts too: the estimate only grows).
 */
function keywordCosts(schema: object): Omit<SchemaCost, 'checksPerValue'> {
  let enumChars = 0;
  let patternInstructions = 0;
  let uniqueItems = false;
  const instructions = (pattern: string): number => {
    const compiled = compileUserRegex(pattern);
    return compiled.ok ? regexInstructions(compiled.regex) : 0;
  };
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (!Array.isArray(node)) {
      const record = node as Record<string, unknown>;
      if (record.enum !== undefined) enumChars += JSON.stringify(record.enum).length;
      if (record.const !== undefined) enumChars += JSON.stringify(record.const).length;
      if (typeof record.pattern === 'string') patternInstructions += instructions(record.pattern);
      const patterns = record.patternProperties;
      if (typeof patterns === 'object' && patterns !== null) for (const pattern of Object.keys(patterns)) patternInstructions += instructions(pattern);
      uniqueItems ||= record.uniqueItems === true;
    }
    for (const child of Object.values(node) as unknown[]) stack.push(child);
  }
  return { enumChars, patternInstructions, uniqueItems };
}

function errorsText(errors: ErrorObject[] | null | undefined, ajv: Ajv): string {
  return ajv.errorsText(errors ?? []);
}

/**
 * Compiles the schemas of one test file. One Ajv per file: Ajv keeps every schema it compiled,
 * so a shared instance would grow with every edit of every file, and two files' `$id`s would clash.
 */
export class SchemaCompiler {
  private ajv: Ajv | undefined;
  /** By the schema's JSON text: a schema written in defaultTest, or the same in many tests, compiles once. */
  private readonly compiled = new Map<string, SchemaCompilation>();

  compile(schema: unknown): SchemaCompilation {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      return { ok: false, message: 'a JSON Schema is an object, such as { "type": "object", "required": ["name"] }' };
    }
    // Before JSON.stringify, which recurses once per level: a schema given as text may nest a thousand deep.
    if (depthOf(schema, MAX_SCHEMA_DEPTH) > MAX_SCHEMA_DEPTH) {
      return { ok: false, message: `the JSON Schema nests deeper than ${MAX_SCHEMA_DEPTH} levels` };
    }
    const text = JSON.stringify(schema);
    const cached = this.compiled.get(text);
    if (cached !== undefined) {
      return cached;
    }
    const result = this.compileNew(schema, text.length);
    this.compiled.set(text, result);
    return result;
  }

  private compileNew(schema: object, size: number): SchemaCompilation {
    if (size > MAX_SCHEMA_CHARS) {
      return { ok: false, message: `the JSON Schema has ${size.toLocaleString('en-US')} characters, over the limit of ${MAX_SCHEMA_CHARS.toLocaleString('en-US')}` };
    }
    const measured = measureSchemaWork(schema as Record<string, unknown>);
    if ('problem' in measured) {
      return { ok: false, message: measured.problem };
    }
    // inlineRefs: a definition of at most 4 keywords ({ "type": "number", "minimum": 0 }) is copied
    // where it is used, cheaper than a call; a larger one is compiled once and called. Copying all
    // (Ajv's default) took 5 s to compile a schema within the limits: one definition used 1,500 times.
    this.ajv ??= new (checkLibraries().Ajv)({ addUsedSchema: false, inlineRefs: 4, code: { regExp: linearRegExp } });
    const ajv = this.ajv;
    let validate: ValidateFunction;
    try {
      validate = ajv.compile(schema);
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'it does not compile';
      return { ok: false, message: `the JSON Schema does not compile: ${reason}` };
    }
    if ((validate as { $async?: unknown }).$async !== undefined) {
      return { ok: false, message: 'asynchronous JSON Schemas ($async) are not supported' };
    }
    const cost: SchemaCost = { checksPerValue: measured.checksPerValue, ...keywordCosts(schema) };
    return {
      ok: true,
      validator: (value, budget = MAX_ASSERTION_WORK) => {
        // Measured first: Ajv's work is bounded only by the value's shape (uniqueItems compares every pair of items).
        const shape = shapeOf(value, walkLimit(budget));
        if (shape === undefined) {
          return { verdict: 'unchecked', reason: tooMuchWork(`Checking this JSON (more than ${walkLimit(budget).toLocaleString('en-US')} values) against the JSON Schema`, budget + 1), work: Math.max(budget, 0) };
        }
        const work = schemaWork(shape, cost);
        if (overBudget(work) || work > budget) {
          const why = cost.uniqueItems && shape.itemComparisons > shape.values ? ` (uniqueItems compares the items of its arrays pairwise: up to ${shape.itemComparisons.toLocaleString('en-US')} values compared)` : '';
          return { verdict: 'unchecked', reason: tooMuchWork(`Checking this JSON (${shape.values.toLocaleString('en-US')} values) against the JSON Schema${why}`, work), work };
        }
        try {
          return validate(value) === true ? { verdict: 'valid', work } : { verdict: 'invalid', errors: errorsText(validate.errors, ajv), work };
        } catch (error) {
          // Ajv follows a recursive $ref with a recursive call: an output nested deep enough overflows the stack.
          const overflow = error instanceof RangeError && /call stack/i.test(error.message);
          return { verdict: 'unchecked', reason: overflow ? 'it nests too deeply' : error instanceof Error ? error.message : String(error), work };
        }
      },
    };
  }
}
