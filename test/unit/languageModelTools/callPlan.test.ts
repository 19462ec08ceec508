import { strict as assert } from 'node:assert';
import type { Catalog, CatalogGist } from '../../../src/catalog/catalog';
import type { GenerateRequest } from '../../../src/client/types';
import { checkAgainstCatalog, knownVariants, placeholdersToResolve, planValues } from '../../../src/languageModelTools/callPlan';
import { recordOf } from '../../../src/shared/keyedRecord';

function gist(entry: Partial<CatalogGist> & { id: string }): CatalogGist {
  return { label: entry.id, variants: [], variables: [], source: 'settings (gist.gists)', origin: 'user', ...entry };
}

const welcome = gist({
  id: 'welcome-email',
  label: 'Welcome',
  variants: [{ slug: 'formal' }, { slug: 'short' }],
  variables: [{ name: 'name', description: 'The customer' }, { name: 'product', default: 'Loom' }],
});
const commit = gist({ id: 'commit-message', variant: 'default', variables: [{ name: 'summary', default: '${lineText}' }] });
const open = gist({ id: 'open' });
const catalog: Catalog = { gists: [welcome, commit, open], problems: [] };

function request(gistId: string, values: Record<string, string> = {}, variant?: string): GenerateRequest {
  return { gistId, variant, values: recordOf(Object.entries(values)) };
}

describe('gist_generate call plan', () => {
  it('refuses a gist the catalog does not list, saying whether Restricted Mode hid the workspace’s', () => {
    assert.deepEqual(checkAgainstCatalog(request('nope'), catalog), { ok: false, problem: { kind: 'unknownGist', gistId: 'nope', restricted: false } });
    assert.deepEqual(checkAgainstCatalog(request('nope'), { ...catalog, restricted: true }), {
      ok: false,
      problem: { kind: 'unknownGist', gistId: 'nope', restricted: true },
    });
  });

  it('takes a variant the entry offers, its fixed variant when none is asked for, any slug when it lists none', () => {
    assert.deepEqual(checkAgainstCatalog(request('welcome-email', {}, 'short'), catalog), { ok: true, value: { entry: welcome, variant: 'short' } });
    assert.deepEqual(checkAgainstCatalog(request('welcome-email'), catalog), { ok: true, value: { entry: welcome, variant: undefined } });
    assert.deepEqual(checkAgainstCatalog(request('commit-message'), catalog), { ok: true, value: { entry: commit, variant: 'default' } });
    assert.deepEqual(checkAgainstCatalog(request('open', {}, 'anything'), catalog), { ok: true, value: { entry: open, variant: 'anything' } });
    assert.deepEqual(checkAgainstCatalog(request('welcome-email', {}, 'casual'), catalog), {
      ok: false,
      problem: { kind: 'unknownVariant', entry: welcome, variant: 'casual', known: ['formal', 'short'] },
    });
    assert.deepEqual(knownVariants(commit), ['default']);
  });

  it('refuses values for variables an entry does not list, unless it lists none', () => {
    assert.deepEqual(checkAgainstCatalog(request('welcome-email', { name: 'Ada', nmae: 'typo' }), catalog), {
      ok: false,
      problem: { kind: 'unknownVariables', entry: welcome, names: ['nmae'] },
    });
    assert.ok(checkAgainstCatalog(request('open', { anything: 'x' }), catalog).ok);
  });

  it('fills a plain default, says which values were given and which came from a default', () => {
    const planned = planValues(welcome, 'short', request('welcome-email', { name: 'Ada' }), {});
    assert.ok(planned.ok);
    assert.deepEqual(planned.value.values, [
      { name: 'name', value: 'Ada', source: { kind: 'given' } },
      { name: 'product', value: 'Loom', source: { kind: 'default', placeholders: [] } },
    ]);
    assert.deepEqual(planned.value.request, { gistId: 'welcome-email', variant: 'short', values: recordOf([['name', 'Ada'], ['product', 'Loom']]) });
  });

  it('fills a default from the editor only when every placeholder has a value; otherwise the value is missing', () => {
    assert.deepEqual(placeholdersToResolve(commit, request('commit-message')), ['lineText']);
    assert.deepEqual(placeholdersToResolve(commit, request('commit-message', { summary: 'given' })), []);
    const filled = planValues(commit, 'default', request('commit-message'), { lineText: 'fix the parser' });
    assert.ok(filled.ok);
    assert.deepEqual(filled.value.values, [{ name: 'summary', value: 'fix the parser', source: { kind: 'default', placeholders: ['lineText'] } }]);
    assert.deepEqual(planValues(commit, 'default', request('commit-message'), { lineText: '' }), {
      ok: false,
      problem: { kind: 'missingValues', entry: commit, names: ['summary'] },
    });
  });

  it('names every variable that has neither a value nor a default', () => {
    assert.deepEqual(planValues(welcome, undefined, request('welcome-email'), {}), { ok: false, problem: { kind: 'missingValues', entry: welcome, names: ['name'] } });
  });

  it('passes the values of an entry that lists no variables as given', () => {
    const planned = planValues(open, undefined, request('open', { a: '1' }), {});
    assert.ok(planned.ok);
    assert.deepEqual(planned.value.values, [{ name: 'a', value: '1', source: { kind: 'given' } }]);
    const own = planValues(open, undefined, { gistId: 'open', values: recordOf([['__proto__', 'p']]) }, {});
    assert.ok(own.ok);
    assert.equal(Object.hasOwn(own.value.request.values, '__proto__'), true);
  });
});
