// How much work a JSON Schema from a test file can make checking one output take. Ajv checks a
// `$ref`'s schema anew wherever it is used and has no option to bound that: 40 definitions each
// referring twice to the next make 2^40 checks of one value, one referring to itself through allOf
// never ends, and a recursion that refers twice to itself under `items` doubles at each level of
// nesting. So before Ajv sees a schema, its `$ref`s are followed here the way validation would
// follow them: for each place of a JSON value (the value itself, a property, an item…) this counts
// the subschemas that could apply there, each `$ref` counted every time it is reached, and the
// schema is refused when one place would take more than MAX_SCHEMA_CHECKS_PER_VALUE or all of
// them more than MAX_SCHEMA_CHECKS. A recursive schema (a tree of nodes whose `children` are
// nodes) passes: at each level of the value the same places come back with the same counts.
// Only `$ref`s within the schema are followed (Ajv never fetches others), by JSON pointer as Ajv
// does; `$id` below the top would change what they point to, so it is refused with them. Pure.
import { MAX_SCHEMA_CHECKS, MAX_SCHEMA_CHECKS_PER_VALUE } from './checkLimits';

/** One subschema (an object: `true` and `false` cost nothing) and those it applies, by where they apply. */
interface SchemaNode {
  readonly schema: Record<string, unknown>;
  /** Where the schema is, as a `$ref` would name it (the first way it was reached). */
  readonly pointer: string;
  /** To the same value: allOf, anyOf, oneOf, not, if, then, else, dependencies, and the `$ref`. */
  readonly inPlace: SchemaNode[];
  /** `properties`; a name mapped to undefined is declared with `true` or `false`. */
  readonly properties: Map<string, SchemaNode | undefined>;
  /** `patternProperties`: counted for any name (whether a pattern matches is not worked out). */
  readonly anyProperty: SchemaNode[];
  /** `additionalProperties`: names not in `properties`. */
  readonly otherProperty: SchemaNode[];
  /** `propertyNames`: each name, as a string. */
  readonly propertyName: SchemaNode[];
  /** `items` as a list: the item at each index (undefined for `true`/`false`). */
  readonly tuple: Array<SchemaNode | undefined>;
  /** `items` as one schema, and `contains`: every item. */
  readonly anyItem: SchemaNode[];
  /** `additionalItems`, with `items` as a list: the items after it. */
  readonly laterItem: SchemaNode[];
  /** Position in an order where a schema comes before those it applies to the same value. */
  order: number;
}

/** The subschemas that apply to one place of a value, each with how many times. */
type Applied = Map<SchemaNode, number>;

/** Keywords holding schemas by name rather than schemas: Ajv does not read `$id` just below them. */
const NAMED_SCHEMAS = new Set(['properties', 'patternProperties', 'enum', 'dependencies', 'definitions']);

/** Why a schema is refused, thrown from deep in the walk; never leaves this module. */
class Refused extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const escapePointer = (name: string): string => name.replace(/~/g, '~0').replace(/\//g, '~1');

/** What a `$ref` points to, read as Ajv reads it: each part of the pointer URI-decoded, then `~1` and `~0`. */
function resolveRef(root: Record<string, unknown>, ref: string): unknown {
  if (!ref.startsWith('#')) {
    throw new Refused(`the $ref ${JSON.stringify(ref)} points outside the JSON Schema; refer to its own definitions, as "#/$defs/name" (other schemas are never fetched)`);
  }
  if (ref !== '#' && !ref.startsWith('#/')) {
    throw new Refused(`the $ref ${JSON.stringify(ref)} is not a path; refer to definitions by their path, as "#/$defs/name"`);
  }
  let target: unknown = root;
  // Ajv reads "#/" as the root too, not as a property named "".
  for (const raw of ref === '#' || ref === '#/' ? [] : ref.slice(2).split('/')) {
    let part: string;
    try {
      part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      part = '';
    }
    if (typeof target !== 'object' || target === null || !Object.hasOwn(target, part)) {
      return undefined;
    }
    target = (target as Record<string, unknown>)[part];
    if (!NAMED_SCHEMAS.has(part) && isRecord(target) && target.$id !== undefined) {
      throw new Refused(NESTED_ID);
    }
  }
  return target;
}

const NESTED_ID = 'a JSON Schema with $refs takes $id only at its top: write them as "#/$defs/name"';

/** Every subschema the root reaches, through keywords and `$ref`s. */
function buildGraph(root: Record<string, unknown>): { readonly root: SchemaNode; readonly nodes: SchemaNode[] } {
  const nodes = new Map<Record<string, unknown>, SchemaNode>();
  const pending: SchemaNode[] = [];
  let nestedId = false;
  let hasRef = false;
  const nodeOf = (value: unknown, pointer: string): SchemaNode | undefined => {
    if (!isRecord(value)) {
      return undefined; // `true`, `false`, or a mistake Ajv reports
    }
    let node = nodes.get(value);
    if (node === undefined) {
      node = { schema: value, pointer, inPlace: [], properties: new Map(), anyProperty: [], otherProperty: [], propertyName: [], tuple: [], anyItem: [], laterItem: [], order: 0 };
      nodes.set(value, node);
      pending.push(node);
    }
    return node;
  };
  const add = (list: SchemaNode[], value: unknown, pointer: string): void => {
    const node = nodeOf(value, pointer);
    if (node !== undefined) {
      list.push(node);
    }
  };
  const rootNode = nodeOf(root, '#')!;
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { schema, pointer: at } = next;
    nestedId ||= next !== rootNode && schema.$id !== undefined;
    for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
      const list = schema[keyword];
      if (Array.isArray(list)) {
        list.forEach((value, index) => add(next.inPlace, value, `${at}/${keyword}/${index}`));
      }
    }
    for (const keyword of ['not', 'if', 'then', 'else']) {
      add(next.inPlace, schema[keyword], `${at}/${keyword}`);
    }
    const byName = (keyword: string, each: (name: string, value: unknown, pointer: string) => void): void => {
      const map = schema[keyword];
      if (isRecord(map)) {
        for (const [name, value] of Object.entries(map)) {
          each(name, value, `${at}/${keyword}/${escapePointer(name)}`);
        }
      }
    };
    byName('dependencies', (_name, value, pointer) => add(next.inPlace, value, pointer));
    byName('properties', (name, value, pointer) => next.properties.set(name, nodeOf(value, pointer)));
    byName('patternProperties', (_name, value, pointer) => add(next.anyProperty, value, pointer));
    add(next.otherProperty, schema.additionalProperties, `${at}/additionalProperties`);
    add(next.propertyName, schema.propertyNames, `${at}/propertyNames`);
    if (Array.isArray(schema.items)) {
      schema.items.forEach((value, index) => next.tuple.push(nodeOf(value, `${at}/items/${index}`)));
      add(next.laterItem, schema.additionalItems, `${at}/additionalItems`);
    } else {
      add(next.anyItem, schema.items, `${at}/items`);
    }
    add(next.anyItem, schema.contains, `${at}/contains`);
    if (typeof schema.$ref === 'string') {
      hasRef = true;
      const target = resolveRef(root, schema.$ref);
      if (typeof target === 'boolean') {
        continue;
      }
      if (!isRecord(target)) {
        throw new Refused(`the $ref ${JSON.stringify(schema.$ref)} does not point to a schema within the JSON Schema`);
      }
      add(next.inPlace, target, schema.$ref);
    }
  }
  if (nestedId && hasRef) {
    throw new Refused(NESTED_ID);
  }
  return { root: rootNode, nodes: [...nodes.values()] };
}

/**
 * Orders the nodes so that each comes before those it applies to the same value; a loop among
 * those (a `$ref` back to a schema before anything goes into the value) would never end.
 */
function orderInPlace(nodes: readonly SchemaNode[]): void {
  const state = new Map<SchemaNode, 'open' | 'done'>();
  const finished: SchemaNode[] = [];
  for (const start of nodes) {
    if (state.has(start)) {
      continue;
    }
    state.set(start, 'open');
    const stack: Array<{ node: SchemaNode; next: number }> = [{ node: start, next: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const child = top.node.inPlace[top.next++];
      if (child === undefined) {
        state.set(top.node, 'done');
        finished.push(top.node);
        stack.pop();
      } else if (state.get(child) === 'open') {
        throw new Refused(
          `the JSON Schema's $refs loop back to ${JSON.stringify(child.pointer)} without going into a property or an item of the value, so checking it would never end: a $ref back to a definition belongs under properties, items or another keyword that looks inside the value`,
        );
      } else if (!state.has(child)) {
        state.set(child, 'open');
        stack.push({ node: child, next: 0 });
      }
    }
  }
  finished.reverse().forEach((node, index) => (node.order = index));
}

/** `seeds` and all they apply to the same value, each counted once per way it is reached. */
function closeInPlace(seeds: Applied): Applied {
  const region = new Set(seeds.keys());
  for (const node of region) {
    node.inPlace.forEach((child) => region.add(child));
  }
  const applied: Applied = new Map(seeds);
  for (const node of [...region].sort((a, b) => a.order - b.order)) {
    const times = applied.get(node) ?? 0;
    for (const child of node.inPlace) {
      applied.set(child, (applied.get(child) ?? 0) + times);
    }
  }
  return applied;
}

/** The subschemas `applied` to a value pass to one of its places; `edges` picks them from each. */
function seedsFor(applied: Applied, edges: (node: SchemaNode) => ReadonlyArray<SchemaNode | undefined>): Applied {
  const seeds: Applied = new Map();
  for (const [node, times] of applied) {
    for (const child of edges(node)) {
      if (child !== undefined) {
        seeds.set(child, (seeds.get(child) ?? 0) + times);
      }
    }
  }
  return seeds;
}

/**
 * The places of a value where what applies can differ: each property named in `properties`, any
 * other name, a name itself, each index of a tuple, and the items after. A named property is a
 * place even when nothing applies there, so that walking many names is counted.
 */
function innerPlaces(applied: Applied): Applied[] {
  const names = new Set<string>();
  let tupleLength = 0;
  for (const node of applied.keys()) {
    node.properties.forEach((_child, name) => names.add(name));
    tupleLength = Math.max(tupleLength, node.tuple.length);
  }
  const places = [...names].map((name) =>
    seedsFor(applied, (node) => [node.properties.get(name), ...node.anyProperty, ...(node.properties.has(name) ? [] : node.otherProperty)]),
  );
  const others = [seedsFor(applied, (node) => [...node.anyProperty, ...node.otherProperty]), seedsFor(applied, (node) => node.propertyName)];
  for (let index = 0; index < tupleLength; index++) {
    others.push(seedsFor(applied, (node) => [node.tuple[index], ...node.anyItem, ...(index >= node.tuple.length ? node.laterItem : [])]));
  }
  others.push(seedsFor(applied, (node) => [...node.anyItem, ...node.laterItem]));
  return [...places, ...others.filter((seeds) => seeds.size > 0)];
}

const total = (applied: Applied): number => [...applied.values()].reduce((sum, times) => sum + times, 0);

/** A key for the same subschemas with the same counts, however they were reached. */
const keyOf = (applied: Applied): string =>
  [...applied]
    .map(([node, times]) => `${node.order}:${times}`)
    .sort()
    .join(',');

/** Why checking values against `schema` could take more work than its size suggests, or undefined. */
export function schemaWorkProblem(schema: Record<string, unknown>): string | undefined {
  const work = measureSchemaWork(schema);
  return 'problem' in work ? work.problem : undefined;
}

/**
 * The most subschemas that apply to one place of a value (at least 1), `$ref`s followed, or why
 * the schema is refused: what checking one value of an output costs at most (assertionWork.ts).
 */
export function measureSchemaWork(schema: Record<string, unknown>): { readonly checksPerValue: number } | { readonly problem: string } {
  let checksPerValue = 1;
  try {
    const graph = buildGraph(schema);
    orderInPlace(graph.nodes);
    const seen = new Set<string>();
    const unexplored: Applied[] = [];
    let checks = 0;
    // Each place counts every time it is reached, even when it repeats one seen before: that bounds this walk too.
    const reach = (applied: Applied): void => {
      const here = total(applied);
      checksPerValue = Math.max(checksPerValue, here);
      if (here > MAX_SCHEMA_CHECKS_PER_VALUE) {
        throw new Refused(
          `the JSON Schema applies more than ${MAX_SCHEMA_CHECKS_PER_VALUE} subschemas to one value once its $refs are followed (a definition counts each time a $ref reaches it, again at each level of nesting where a recursive $ref repeats): refer to definitions from fewer places, above all from anyOf, allOf and oneOf`,
        );
      }
      checks += Math.max(here, 1);
      if (checks > MAX_SCHEMA_CHECKS) {
        throw new Refused(`the JSON Schema has more than ${MAX_SCHEMA_CHECKS.toLocaleString('en-US')} subschemas once its $refs are followed (a definition counts each time a $ref reaches it): refer to large definitions from fewer places`);
      }
      const key = keyOf(applied);
      if (!seen.has(key)) {
        seen.add(key);
        unexplored.push(applied);
      }
    };
    reach(closeInPlace(new Map([[graph.root, 1]])));
    for (let applied = unexplored.pop(); applied !== undefined; applied = unexplored.pop()) {
      innerPlaces(applied).forEach((seeds) => reach(closeInPlace(seeds)));
    }
    return { checksPerValue };
  } catch (error) {
    if (error instanceof Refused) {
      return { problem: error.message };
    }
    throw error;
  }
}
