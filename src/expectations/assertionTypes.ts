// The assertion types checks know: the ones they run, with promptfoo's names, and the ones
// promptfoo has that they refuse, each with the reason the file's diagnostic gives. Pure.

/**
 * Types we run, by promptfoo's names and meanings (`character-count` is ahead of promptfoo's
 * release): deterministic ones, and `llm-rubric`, which a chat model the user picks in VS Code grades.
 */
export const SUPPORTED_TYPES = [
  'equals',
  'contains',
  'icontains',
  'contains-any',
  'contains-all',
  'icontains-any',
  'icontains-all',
  'starts-with',
  'regex',
  'is-json',
  'contains-json',
  'levenshtein',
  'latency',
  'word-count',
  'character-count',
  'llm-rubric',
] as const;

export type AssertionBaseType = (typeof SUPPORTED_TYPES)[number];

export function isSupportedType(type: string): type is AssertionBaseType {
  return (SUPPORTED_TYPES as readonly string[]).includes(type);
}

/** Types we run that a language model grades: the synchronous grader leaves them pending. */
export const MODEL_GRADED_TYPES: ReadonlySet<AssertionBaseType> = new Set<AssertionBaseType>(['llm-rubric']);

/**
 * promptfoo 0.123.1's assertion types (`BaseAssertionTypesSchema`). The CSV `__expected` shorthand
 * recognises `type:value` only for these, exactly as promptfoo does: any other prefix is text to
 * compare with `equals`.
 */
export const PROMPTFOO_TYPES = [
  'agent-rubric', 'answer-relevance', 'bleu', 'classifier', 'contains', 'contains-all', 'contains-any',
  'contains-html', 'contains-json', 'contains-sql', 'contains-xml', 'context-faithfulness', 'context-recall',
  'context-relevance', 'conversation-relevance', 'cost', 'equals', 'factuality', 'finish-reason', 'g-eval',
  'gleu', 'guardrails', 'icontains', 'icontains-all', 'icontains-any', 'is-html', 'is-json', 'is-refusal',
  'is-sql', 'is-valid-function-call', 'is-valid-openai-function-call', 'is-valid-openai-tools-call', 'is-xml',
  'javascript', 'latency', 'levenshtein', 'llm-rubric', 'pi', 'meteor', 'model-graded-closedqa',
  'model-graded-factuality', 'moderation', 'perplexity', 'perplexity-score', 'python', 'regex', 'rouge-n',
  'ruby', 'similar', 'similar:cosine', 'similar:dot', 'similar:euclidean', 'starts-with', 'tool-call-f1',
  'skill-used', 'trajectory:goal-success', 'trajectory:tool-args-match', 'trajectory:step-count',
  'trajectory:tool-sequence', 'trajectory:tool-used', 'trace-error-spans', 'trace-span-count',
  'trace-span-duration', 'search-rubric', 'webhook', 'word-count',
] as const;

/** Types graded by a model that checks do not run (llm-rubric is the one they do). */
const MODEL_GRADED = new Set([
  'g-eval', 'answer-relevance', 'context-faithfulness', 'context-recall', 'context-relevance',
  'conversation-relevance', 'factuality', 'model-graded-closedqa', 'model-graded-factuality', 'search-rubric',
  'agent-rubric', 'trajectory:goal-success', 'select-best', 'max-score', 'similar', 'similar:cosine',
  'similar:dot', 'similar:euclidean', 'classifier', 'moderation', 'pi',
]);

/** Types that run code from the file. */
const CODE_BEARING = new Set(['javascript', 'python', 'ruby', 'webhook']);

/** Types that read what a gist call does not have: a provider's tokens, cost, traces or tool calls. */
const PROVIDER_ONLY = new Set([
  'cost', 'perplexity', 'perplexity-score', 'finish-reason', 'guardrails', 'is-refusal', 'tool-call-f1',
  'skill-used', 'trajectory:tool-args-match', 'trajectory:step-count', 'trajectory:tool-sequence',
  'trajectory:tool-used', 'trace-error-spans', 'trace-span-count', 'trace-span-duration',
  'is-valid-function-call', 'is-valid-openai-function-call', 'is-valid-openai-tools-call', 'human',
]);

/** Why a type we do not run is refused, worded to follow "`<type>` is not supported: ". */
export function unsupportedTypeReason(baseType: string): string {
  if (baseType === 'file://') {
    return 'checks do not load assertions or values from files; write the assertion in the cell.';
  }
  if (MODEL_GRADED.has(baseType)) {
    return 'it is graded by a model, and the only model-graded type checks run is llm-rubric (in VS Code). Use llm-rubric or a deterministic type, or export the file to promptfoo.';
  }
  if (CODE_BEARING.has(baseType)) {
    return 'it runs code from the test file (or sends the output elsewhere), which checks never do: a cloned repository could run anything with your rights. Use regex, contains-json with a JSON Schema, or the other deterministic types.';
  }
  if (PROVIDER_ONLY.has(baseType)) {
    return 'it reads what a model provider reports (cost, tokens, traces, tool calls), which a gist call does not return.';
  }
  if ((PROMPTFOO_TYPES as readonly string[]).includes(baseType)) {
    return 'checks do not run this promptfoo type yet; see docs/checks-vs-promptfoo.md for the types they run.';
  }
  return `it is not an assertion type. The types are: ${SUPPORTED_TYPES.join(', ')}, and assert-set; each may start with not-.`;
}
