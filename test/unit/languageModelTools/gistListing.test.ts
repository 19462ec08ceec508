import { strict as assert } from 'node:assert';
import type { Catalog, CatalogGist } from '../../../src/catalog/catalog';
import { gistListing, MAX_SEARCH_LENGTH, parseListInput } from '../../../src/languageModelTools/gistListing';
import { MAX_TOOL_LIST_BYTES, utf8Length } from '../../../src/shared/limits';

function gist(entry: Partial<CatalogGist> & { id: string }): CatalogGist {
  return { label: entry.id, variants: [], variables: [], source: 'settings (gist.gists)', origin: 'user', ...entry };
}

function listed(text: string): { gists: Array<Record<string, unknown>>; omitted?: number; note?: string; restrictedMode?: string; search?: string } {
  const [howTo, json] = text.split('\n');
  assert.match(howTo ?? '', /Call gist_generate/);
  return JSON.parse(json ?? '') as ReturnType<typeof listed>;
}

describe('gist_list reply', () => {
  const catalog: Catalog = {
    gists: [
      gist({
        id: 'welcome-email',
        label: 'Welcome e-mail',
        description: 'Greets a new\ncustomer',
        variants: [{ slug: 'formal', label: 'Formal' }, { slug: 'short' }],
        variables: [{ name: 'name', description: 'The customer' }, { name: 'product', default: 'Loom' }],
      }),
      gist({ id: 'commit-message', variant: 'default', variables: [{ name: 'summary', default: '${selection}' }], origin: 'workspace', source: '.vscode/gists.json' }),
    ],
    problems: [],
  };

  it('lists ids, labels, descriptions, variants, variables with descriptions and defaults, and who defined each gist', () => {
    assert.deepEqual(listed(gistListing(catalog, undefined)), {
      gists: [
        {
          id: 'welcome-email',
          label: 'Welcome e-mail',
          description: 'Greets a new customer',
          definedBy: 'user',
          source: 'settings (gist.gists)',
          variants: ['formal', 'short'],
          variables: [{ name: 'name', description: 'The customer' }, { name: 'product', default: 'Loom' }],
        },
        { id: 'commit-message', label: 'commit-message', definedBy: 'workspace', source: '.vscode/gists.json', variants: ['default'], variables: [{ name: 'summary', default: '${selection}' }] },
      ],
    });
  });

  it('keeps the gists whose id, label or description holds the search, ignoring case', () => {
    assert.deepEqual(listed(gistListing(catalog, 'CUSTOMER')).gists.map((entry) => entry.id), ['welcome-email']);
    assert.deepEqual(listed(gistListing(catalog, 'commit')).gists.map((entry) => entry.id), ['commit-message']);
    assert.deepEqual(listed(gistListing(catalog, 'nothing')).gists, []);
  });

  it('says when Restricted Mode left the workspace’s gists out', () => {
    assert.match(listed(gistListing({ ...catalog, restricted: true }, undefined)).restrictedMode ?? '', /not trusted/);
  });

  it('stays under its cap, counting the gists it leaves out and pointing at the search', () => {
    const big: Catalog = {
      gists: Array.from({ length: 1000 }, (_, index) => gist({ id: `gist-${index}`, description: 'd'.repeat(400), variables: [{ name: 'text', description: 'x'.repeat(200) }] })),
      problems: [],
    };
    const text = gistListing(big, undefined);
    assert.ok(utf8Length(text) <= MAX_TOOL_LIST_BYTES, `${utf8Length(text)} bytes`);
    const reply = listed(text);
    assert.ok(reply.gists.length > 10);
    assert.equal(reply.gists.length + (reply.omitted ?? 0), 1000);
    assert.match(reply.note ?? '', /"search"/);
  });

  it('takes {search?} and nothing else', () => {
    assert.deepEqual(parseListInput(undefined), { ok: true, search: undefined });
    assert.deepEqual(parseListInput({}), { ok: true, search: undefined });
    assert.deepEqual(parseListInput({ search: ' mail ' }), { ok: true, search: 'mail' });
    assert.equal(parseListInput({ search: 3 }).ok, false);
    assert.equal(parseListInput({ search: 'x'.repeat(MAX_SEARCH_LENGTH + 1) }).ok, false);
    assert.equal(parseListInput({ query: 'x' }).ok, false);
    assert.equal(parseListInput('x').ok, false);
  });
});
