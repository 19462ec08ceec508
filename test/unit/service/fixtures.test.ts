// The bundled fixtures others rely on, the fixture checks, and template filling.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultFixtures, loadFixtures, parseFixtures } from '../../../tools/service/fixtures';
import { startService } from '../../../tools/service/index';
import { renderTemplate, templatePlaceholders } from '../../../tools/service/template';
import type { Fixtures } from '../../../tools/service/types';
import { generate } from './httpProbe';

describe('service fixtures', () => {
  it('have the users and keys the other tests rely on', () => {
    const { users } = defaultFixtures();
    assert.deepEqual(users, [
      { id: 'u_ada', name: 'Ada Lovelace', email: 'ada@example.com', company_id: 'c_analytical', apiKeys: ['gk_demo_ada'] },
      { id: 'u_grace', name: 'Grace Hopper', email: 'grace@example.com', company_id: 'c_cobol', apiKeys: ['gk_demo_grace', 'gk_leak_canary_5e1f9c0d7a3b'] },
    ]);
  });

  it('have the gists, variables and variant weights the other tests rely on', () => {
    const shape = defaultFixtures().gists.map((g) => ({ id: g.id, variables: g.variables, variants: g.variants.map((v) => [v.slug, v.weight]) }));
    assert.deepEqual(shape, [
      { id: 'welcome-email', variables: ['name', 'product'], variants: [['formal', 60], ['friendly', 30], ['short', 10]] },
      { id: 'commit-message', variables: ['summary'], variants: [['default', 1]] },
      { id: 'haiku', variables: ['topic'], variants: [['ja', 50], ['en', 50]] },
      { id: 'echo', variables: ['text'], variants: [['plain', 1]] },
    ]);
  });

  it('welcome-email variants all use both variables and differ from each other', () => {
    const gist = defaultFixtures().gists.find((g) => g.id === 'welcome-email');
    const templates = gist?.variants.map((v) => v.template) ?? [];
    for (const t of templates) assert.deepEqual([...new Set(templatePlaceholders(t))].sort(), ['name', 'product']);
    assert.equal(new Set(templates).size, 3);
  });

  it('echo/plain is exactly {{text}}', () => {
    assert.equal(defaultFixtures().gists.find((g) => g.id === 'echo')?.variants[0]?.template, '{{text}}');
  });

  it('returns a fresh copy each time, so a test cannot change another test\'s fixtures', () => {
    const a = defaultFixtures();
    a.users.pop();
    assert.equal(defaultFixtures().users.length, 2);
  });

  it('load from a JSON file path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gist-fixtures-'));
    try {
      const custom: Fixtures = {
        users: [{ id: 'u_x', name: 'X', email: 'x@example.com', company_id: 'c_x', apiKeys: ['k_x'] }],
        gists: [{ id: 'g', variables: ['a'], variants: [{ slug: 'v', weight: 1, template: '<{{ a }}>' }] }],
      };
      const file = join(dir, 'custom.json');
      writeFileSync(file, JSON.stringify(custom));
      assert.deepEqual(loadFixtures(file), custom);
      const service = await startService({ fixtures: file });
      try {
        const res = await generate(service.url, '/v1/generate/g/v', { a: 'b' }, 'k_x');
        assert.equal(res.envelope().data?.content, '<b>');
      } finally {
        await service.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const broken: { name: string; mutate: (f: Fixtures) => void; message: RegExp }[] = [
    { name: 'a duplicate API key', mutate: (f) => f.users[1]?.apiKeys.push('gk_demo_ada'), message: /duplicate API key/ },
    { name: 'a duplicate gist id', mutate: (f) => f.gists.push(structuredClone(f.gists[0]!)), message: /duplicate gist id/ },
    { name: 'a gist without variants', mutate: (f) => (f.gists[0]!.variants = []), message: /no variants/ },
    { name: 'only zero weights', mutate: (f) => f.gists[1]!.variants.forEach((v) => (v.weight = 0)), message: /positive weight/ },
    { name: 'a negative weight', mutate: (f) => (f.gists[0]!.variants[0]!.weight = -1), message: /weight must be a number >= 0/ },
    { name: 'an undeclared template variable', mutate: (f) => (f.gists[3]!.variants[0]!.template = '{{other}}'), message: /undeclared variable "other"/ },
    { name: 'a user without a name', mutate: (f) => delete (f.users[0] as Partial<Fixtures['users'][0]>).name, message: /users\[0\]\.name must be a string/ },
  ];
  for (const b of broken) {
    it(`reject ${b.name}`, () => {
      const fixtures = defaultFixtures();
      b.mutate(fixtures);
      assert.throws(() => parseFixtures(fixtures), b.message);
    });
  }
});

describe('template filling', () => {
  it('fills every placeholder, with or without inner spaces', () => {
    assert.equal(renderTemplate('{{a}} and {{ a }} and {{b}}', { a: '1', b: '2' }), '1 and 1 and 2');
  });

  it('does not expand placeholders or $ patterns inside values', () => {
    assert.equal(renderTemplate('[{{a}}]', { a: '{{a}} $& $1 $$' }), '[{{a}} $& $1 $$]');
  });

  it('leaves placeholders without a value as written', () => {
    assert.equal(renderTemplate('{{a}} {{toString}}', {}), '{{a}} {{toString}}');
  });

  it('lists placeholders in order', () => {
    assert.deepEqual(templatePlaceholders('{{x}}-{{ y }}-{{x}}'), ['x', 'y', 'x']);
  });
});
