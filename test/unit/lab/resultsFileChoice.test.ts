// Run over Data's summary offers "Results: … Enter to pick another name". A name picked without the
// format's suffix (`b`, or `b.jsonl` as the dialog's filter makes it) is written as b.gistrun.jsonl,
// a file the save dialog never asked about: it was replaced without a question (audit, lost runs).
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { resultsFileChoice } from '../../../src/lab/resultsFileChoice';

describe('Run over Data: the results file picked in the save dialog', () => {
  it('keeps a picked .gistrun.jsonl name, whose replacing the dialog asked about', () => {
    assert.deepEqual(resultsFileChoice('/w/b.gistrun.jsonl'), { resultsPath: '/w/b.gistrun.jsonl', dialogAskedAboutIt: true });
  });

  it('adds the suffix to any other name and leaves replacing the file it names to the summary', () => {
    assert.deepEqual(resultsFileChoice('/w/b.jsonl'), { resultsPath: '/w/b.gistrun.jsonl', dialogAskedAboutIt: false });
    assert.deepEqual(resultsFileChoice('/w/b'), { resultsPath: '/w/b.gistrun.jsonl', dialogAskedAboutIt: false });
    assert.deepEqual(resultsFileChoice('/w/b.csv'), { resultsPath: '/w/b.csv.gistrun.jsonl', dialogAskedAboutIt: false });
  });

  it('counts the dialog’s question only for the very path it picked, for any name', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.constantFrom('', '.jsonl', '.gistrun.jsonl', '.gistrun', '.json'), (stem, ending) => {
        const picked = `/w/${stem}${ending}`;
        const choice = resultsFileChoice(picked);
        assert.ok(choice.resultsPath.endsWith('.gistrun.jsonl'));
        assert.equal(choice.dialogAskedAboutIt, choice.resultsPath === picked);
      }),
    );
  });
});
