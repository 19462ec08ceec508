// A large catalog (a hostile or careless repository) must not block the extension host: parse and
// merge do work proportional to the entries, and a file over the caps is cut short before the work.
// The bounds are counted operations, never wall-clock time.
import { strict as assert } from 'node:assert';
import { MAX_CATALOG_GISTS, mergeCatalogs, parseCatalog, type Catalog, type CatalogGist } from '../../../src/catalog/catalog';

const LARGE = 40_000;
const CAP = MAX_CATALOG_GISTS;

/** A catalog whose gists count every read of their id: a merge that compares ids pairwise reads them n² times. */
function countingCatalog(count: number, offset: number, reads: { count: number }): Catalog {
  const gists: CatalogGist[] = [];
  for (let i = 0; i < count; i++) {
    const id = `gist-${offset + i}`;
    gists.push({
      get id() {
        reads.count += 1;
        return id;
      },
      label: id,
      variants: [],
      variables: [],
      source: 'test',
      origin: 'user',
    });
  }
  return { gists, problems: [] };
}

/** A list of raw entries that counts how many of them are looked at. */
function countingEntries(count: number, looked: { count: number }): unknown[] {
  const entries = Array.from({ length: count }, (_, i) => ({ id: `gist-${i}`, variables: ['text'] }));
  return new Proxy(entries, {
    get(target, property, receiver) {
      if (typeof property === 'string' && /^\d+$/.test(property)) {
        looked.count += 1;
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

describe('catalog at scale', () => {
  it(`merges ${LARGE} gists reading each id a bounded number of times`, () => {
    const reads = { count: 0 };
    // Half the second catalog repeats ids of the first, so both the "new" and the "known" paths run.
    const first = countingCatalog(LARGE / 2, 0, reads);
    const second = countingCatalog(LARGE / 2, LARGE / 4, reads);
    const merged = mergeCatalogs(first, second);
    assert.equal(merged.gists.length, (LARGE * 3) / 4);
    assert.ok(reads.count <= 4 * LARGE, `${reads.count} id reads for ${LARGE} gists: the merge is not linear`);
  });

  it(`parses a list of ${LARGE} entries looking at no more than the cap of ${CAP}, and says so`, () => {
    const looked = { count: 0 };
    const catalog = parseCatalog(countingEntries(LARGE, looked), 'gists.json');
    assert.equal(catalog.gists.length, CAP);
    assert.ok(looked.count <= 2 * (CAP + 1), `${looked.count} entries looked at: the entry cap is not applied before the work`);
    assert.ok(
      catalog.problems.some((problem) => problem.includes(`${LARGE}`) && problem.includes(`${CAP}`)),
      `a problem names the count and the cap: ${JSON.stringify(catalog.problems.slice(0, 3))}`,
    );
  });
});
