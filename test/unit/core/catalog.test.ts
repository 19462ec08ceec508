import { strict as assert } from 'node:assert';
import { mergeCatalogs, parseCatalog } from '../../../src/catalog/catalog';

describe('catalog', () => {
  it('normalises names, objects, labels and variants', () => {
    const catalog = parseCatalog(
      [
        {
          id: ' welcome-email ',
          label: 'Welcome e-mail',
          description: 'Greets a new customer',
          variants: ['formal', { slug: 'friendly', label: 'Friendly' }, 'formal', ''],
          variables: ['name', { name: 'product', description: 'What they bought', default: '${selection}' }, 'name'],
        },
        { id: 'echo', variables: ['text'] },
      ],
      'settings',
    );
    assert.deepEqual(catalog.problems, []);
    assert.equal(catalog.gists.length, 2);
    const [welcome, echo] = catalog.gists;
    assert.equal(welcome?.id, 'welcome-email');
    assert.equal(welcome?.label, 'Welcome e-mail');
    assert.deepEqual(
      welcome?.variants.map((v) => v.slug),
      ['formal', 'friendly'],
    );
    assert.deepEqual(welcome?.variables, [
      { name: 'name' },
      { name: 'product', description: 'What they bought', default: '${selection}' },
    ]);
    assert.equal(echo?.label, 'echo', 'the id is the label when none is given');
    assert.equal(echo?.source, 'settings');
  });

  it('skips entries without an id and reports them and duplicates', () => {
    const catalog = parseCatalog([{ label: 'no id' }, 'text', { id: 'a' }, { id: 'a', label: 'again' }], 'settings');
    assert.deepEqual(
      catalog.gists.map((g) => g.label),
      ['a'],
    );
    assert.equal(catalog.problems.length, 3);
    assert.match(catalog.problems[0] ?? '', /entry 1/);
    assert.match(catalog.problems[2] ?? '', /listed twice/);
  });

  it('treats a non-list as a problem and nothing as empty', () => {
    assert.deepEqual(parseCatalog(undefined, 's'), { gists: [], problems: [] });
    const wrong = parseCatalog({ id: 'x' }, 'gists.json');
    assert.equal(wrong.gists.length, 0);
    assert.match(wrong.problems[0] ?? '', /gists\.json: expected a list/);
  });

  it('merges catalogs with the earlier source winning', () => {
    const first = parseCatalog([{ id: 'a', label: 'from settings' }], 'settings');
    const second = parseCatalog([{ id: 'a', label: 'from file' }, { id: 'b' }, 7], 'file');
    const merged = mergeCatalogs(first, second);
    assert.deepEqual(
      merged.gists.map((g) => `${g.id}:${g.label}`),
      ['a:from settings', 'b:b'],
    );
    assert.equal(merged.problems.length, 1);
  });

  it('keeps a fixed variant', () => {
    const [gist] = parseCatalog([{ id: 'haiku', variant: ' en ' }], 's').gists;
    assert.equal(gist?.variant, 'en');
  });
});
