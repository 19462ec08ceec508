// Loads and checks the service's users and gists, so a bad fixture fails at start, not mid-test.
import { readFileSync } from 'node:fs';
import defaultFixturesJson from './fixtures.json';
import { templatePlaceholders } from './template';
import type { FixtureGist, FixtureUser, FixtureVariant, Fixtures } from './types';

/** The fixtures other tests rely on (see README.md). */
export function defaultFixtures(): Fixtures {
  return parseFixtures(structuredClone(defaultFixturesJson));
}

/** An object is checked as is; a string is read as a JSON file path. */
export function loadFixtures(source: Fixtures | string | undefined): Fixtures {
  if (source === undefined) return defaultFixtures();
  if (typeof source === 'string') return parseFixtures(JSON.parse(readFileSync(source, 'utf8')) as unknown);
  return parseFixtures(source);
}

export function parseFixtures(input: unknown): Fixtures {
  const root = asObject(input, 'fixtures');
  const users = asArray(root.users, 'fixtures.users').map((u, i) => parseUser(u, `users[${i}]`));
  const gists = asArray(root.gists, 'fixtures.gists').map((g, i) => parseGist(g, `gists[${i}]`));
  assertUnique(users.flatMap((u) => u.apiKeys), 'API key');
  assertUnique(users.map((u) => u.id), 'user id');
  assertUnique(gists.map((g) => g.id), 'gist id');
  return { users, gists };
}

function parseUser(input: unknown, where: string): FixtureUser {
  const o = asObject(input, where);
  return {
    id: asString(o.id, `${where}.id`),
    name: asString(o.name, `${where}.name`),
    email: asString(o.email, `${where}.email`),
    company_id: asString(o.company_id, `${where}.company_id`),
    apiKeys: asArray(o.apiKeys, `${where}.apiKeys`).map((k, i) => asString(k, `${where}.apiKeys[${i}]`)),
  };
}

function parseGist(input: unknown, where: string): FixtureGist {
  const o = asObject(input, where);
  const gist: FixtureGist = {
    id: asString(o.id, `${where}.id`),
    variables: asArray(o.variables, `${where}.variables`).map((v, i) => asString(v, `${where}.variables[${i}]`)),
    variants: asArray(o.variants, `${where}.variants`).map((v, i) => parseVariant(v, `${where}.variants[${i}]`)),
  };
  if (o.name !== undefined) gist.name = asString(o.name, `${where}.name`);
  if (o.description !== undefined) gist.description = asString(o.description, `${where}.description`);
  if (gist.variants.length === 0) throw new Error(`${where} has no variants`);
  if (!gist.variants.some((v) => v.weight > 0)) throw new Error(`${where} has no variant with a positive weight`);
  assertUnique(gist.variants.map((v) => v.slug), `variant slug in ${where}`);
  for (const variant of gist.variants) {
    for (const name of templatePlaceholders(variant.template)) {
      if (!gist.variables.includes(name)) throw new Error(`${where} variant "${variant.slug}" uses undeclared variable "${name}"`);
    }
  }
  return gist;
}

function parseVariant(input: unknown, where: string): FixtureVariant {
  const o = asObject(input, where);
  const weight = o.weight;
  if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) throw new Error(`${where}.weight must be a number >= 0`);
  return { slug: asString(o.slug, `${where}.slug`), weight, template: asString(o.template, `${where}.template`) };
}

function asObject(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${where} must be an object`);
  return value as Record<string, unknown>;
}

function asArray(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${where} must be an array`);
  return value as unknown[];
}

function asString(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new Error(`${where} must be a string`);
  return value;
}

function assertUnique(values: string[], what: string): void {
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v)) throw new Error(`duplicate ${what} "${v}" in fixtures`);
    seen.add(v);
  }
}
