// llm-rubric in a test file, read as promptfoo reads it: the rubric as text (with {{ vars }}
// filled in), an optional threshold from 0 to 1, not-, weight and metric; the rubric capped. The
// synchronous grader leaves it pending: never a pass before a model graded it.
import { strict as assert } from 'node:assert';
import { MAX_RUBRIC_CHARS } from '../../../src/expectations/checkLimits';
import { loadCheckLibraries } from '../../../src/expectations/checkLibraries';
import { failedAssertions, modelGradedAssertions } from '../../../src/expectations/gradeTest';
import { checks, grade, problemsOf } from './checkFixture';

describe('checks: llm-rubric in a test file', () => {
  before(() => loadCheckLibraries());

  it('reads the rubric with its vars filled in, the threshold, not-, weight and metric', () => {
    const read = checks(
      [
        { type: 'llm-rubric', value: 'Greets {{ name }} by name' },
        { type: 'not-llm-rubric', value: 'Apologises', threshold: 0.8, weight: 2, metric: 'tone' },
      ],
      { name: 'Ada' },
    );
    assert.deepEqual(
      read.map((check) => (check.check === 'assertion' ? { type: check.type, inverse: check.inverse, expectation: check.expectation, weight: check.weight, metric: check.metric } : undefined)),
      [
        { type: 'llm-rubric', inverse: false, expectation: { kind: 'rubric', rubric: 'Greets Ada by name' }, weight: undefined, metric: undefined },
        { type: 'not-llm-rubric', inverse: true, expectation: { kind: 'rubric', rubric: 'Apologises', threshold: 0.8 }, weight: 2, metric: 'tone' },
      ],
    );
    assert.equal(modelGradedAssertions(read).length, 2);
  });

  it('finds llm-rubric inside an assert-set too', () => {
    const read = checks([{ type: 'assert-set', assert: [{ type: 'contains', value: 'a' }, { type: 'llm-rubric', value: 'polite' }] }]);
    assert.deepEqual(
      modelGradedAssertions(read).map((assertion) => assertion.type),
      ['llm-rubric'],
    );
  });

  it('refuses a missing, empty, non-text or too long rubric, and a threshold outside 0–1, each at its line', () => {
    assert.deepEqual(problemsOf([{ type: 'llm-rubric' }]), ['6: llm-rubric needs a "value".']);
    assert.match(problemsOf([{ type: 'llm-rubric', value: '' }])[0] ?? '', /llm-rubric needs a text as its value, not an empty one/);
    assert.match(problemsOf([{ type: 'llm-rubric', value: '   ' }])[0] ?? '', /llm-rubric needs a rubric/);
    assert.match(problemsOf([{ type: 'llm-rubric', value: { criteria: 'x' } }])[0] ?? '', /llm-rubric needs a text as its value, not an object/);
    assert.match(problemsOf([{ type: 'llm-rubric', value: 'x'.repeat(MAX_RUBRIC_CHARS + 1) }])[0] ?? '', /The rubric has 4,001 characters, over the limit of 4,000/);
    assert.deepEqual(problemsOf([{ type: 'llm-rubric', value: 'x'.repeat(MAX_RUBRIC_CHARS) }]), []);
    assert.match(problemsOf([{ type: 'llm-rubric', value: 'polite', threshold: 1.5 }])[0] ?? '', /The threshold .* must be a number from 0 to 1/);
    assert.match(problemsOf([{ type: 'llm-rubric', value: 'polite', provider: 'openai:gpt-4o' }])[0] ?? '', /"provider" is not supported .*the chat model you pick in VS Code/);
    assert.match(problemsOf([{ type: 'llm-rubric', value: 'polite', rubricPrompt: 'x' }])[0] ?? '', /"rubricPrompt" is not supported/);
  });

  it('keeps refusing the other model-graded types with the reason', () => {
    for (const type of ['g-eval', 'similar', 'factuality', 'answer-relevance', 'model-graded-closedqa']) {
      assert.match(problemsOf([{ type, value: 'x' }])[0] ?? '', new RegExp(`"${type}" is not supported: it is graded by a model, and the only model-graded type checks run is llm-rubric`), type);
    }
  });

  it('leaves llm-rubric pending in the synchronous grade: not a pass, not a failure of the output', () => {
    const graded = grade([{ type: 'contains', value: 'Hi' }, { type: 'llm-rubric', value: 'polite', weight: 0 }], 'Hi there');
    assert.equal(graded.pass, false);
    assert.equal(graded.pending, 1);
    assert.equal(graded.reason, 'Not graded yet: 1 assertion waits for a language model');
    assert.deepEqual(failedAssertions(graded), [], 'a pending assertion is not a failed one');
    const thresholded = grade([{ type: 'llm-rubric', value: 'polite' }], 'Hi', { threshold: 0 });
    assert.equal(thresholded.pass, false, 'even a test threshold of 0 does not pass it before the model');
  });
});
