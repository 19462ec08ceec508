// promptfoo fills `{{ name }}` in an assertion's text values from the test's variables (with
// Nunjucks), so `value: "{{expected}}"` compares with each row's `expected`. Checks do the same
// for a plain variable name and nothing else: filters, expressions and `{% %}` blocks are refused,
// since only a variable can be filled without running the file's code, and a name that is not one
// of the test's variables is an error (Nunjucks would fill in nothing). Pure.
import { ownValue } from '../shared/keyedRecord';

const TAG = /\{\{([\s\S]*?)\}\}|\{%|\{#/g;
const PLAIN_NAME = /^\s*([A-Za-z_$][\w$]*)\s*$/;

export type TemplateResult = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string };

/** True when `text` has anything a template would read (a cheap check before filling). */
export function hasTemplate(text: string): boolean {
  // Most texts have no brace at all: one search settles them.
  return text.includes('{') && (text.includes('{{') || text.includes('{%') || text.includes('{#'));
}

export function fillTemplate(text: string, vars: Readonly<Record<string, string>>): TemplateResult {
  if (!hasTemplate(text)) {
    return { ok: true, text };
  }
  let failure: string | undefined;
  const filled = text.replace(TAG, (whole, inner: string | undefined) => {
    if (failure !== undefined) {
      return whole;
    }
    const name = inner === undefined ? undefined : PLAIN_NAME.exec(inner)?.[1];
    if (name === undefined) {
      failure = `${JSON.stringify(whole.length > 40 ? `${whole.slice(0, 39)}…` : whole)}: only {{ variable }} is filled in; Nunjucks filters, expressions and {% %} or {# #} blocks are not supported`;
      return whole;
    }
    const value = ownValue(vars, name);
    if (value === undefined) {
      failure = `{{ ${name} }} names no variable of this test`;
      return whole;
    }
    return value;
  });
  return failure === undefined ? { ok: true, text: filled } : { ok: false, message: failure };
}
