// How one string of a test file is written into the exported promptfoo config so that promptfoo
// 0.123.1 takes it as the test file meant it, or why it cannot be. What promptfoo does to a
// config's strings (read in its dist, promptfoo@0.123.1, and src/ on GitHub):
// - readConfig (src/util/config/load.ts) dereferences every `$ref` of the config (reading the files
//   and addresses it names), then renderEnvOnlyInObject (src/util/render.ts) renders every
//   `{{ … }}` of every string that names `env.X` or `env['X']` (the whole process environment,
//   key included), whatever the string is for.
// - runAssertion (src/assertions/index.ts) loads an assertion value, or an item of a list value,
//   that starts with `file://` (and runs it when it is .js, .py or .rb) or `package:`, and renders
//   any other string with Nunjucks (getNunjucksEngine, src/util/templates.ts: autoescape off, the
//   `env` global; an expression can run code). renderMetricName renders `metric` the same way.
// - renderPrompt (src/evaluatorHelpers.ts) loads a variable that starts with `file://` or
//   `package:`, drops one trailing line feed from it, replaces `{{ name }}` in it by another
//   variable (resolveVariables), and renders it with Nunjucks for the prompt; the http provider
//   then sends the variable itself, not its rendering.
// - processPrompts (src/prompts/index.ts) loads a prompt string that looks like a path or glob as
//   a file or module; a prompt object ({ raw, label }) is taken as it is, then rendered.
// Pure: no `vscode`.
import { hasTemplate } from '../expectations/valueTemplate';

/**
 * What promptfoo does with a string, which decides how it is written:
 * - `template`: rendered with the test's variables, where checks fill `{{ name }}` too (an
 *   assertion's text, a metric): each `{{ name }}` stays a template, the rest is made literal.
 * - `literal`: rendered, where checks read the text as it is (a schema or JSON given as text).
 * - `verbatim`: not rendered, but seen by the config's `env` pass (a description, metadata, a label).
 * - `variable`: a test variable, which promptfoo sends as written once renderPrompt is done with it.
 */
export type PromptfooUse = 'template' | 'literal' | 'verbatim' | 'variable';

export type PromptfooWritten = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string };

/** How promptfoo names something to load: checked trimmed and in any case, wider than promptfoo's own test. */
export const PROMPTFOO_LOADS = /^\s*(?:file:|package:)/i;
/** A `{{ … }}` as renderEnvOnlyInObject finds it (src/util/render.ts), and what makes it render one. */
const ENV_PASS_TAG = /\{\{(?:[^}]|\}(?!\}))*\}\}/g;
const NAMES_ENV = /\benv\.|env\[/;
/** checks' template tags (valueTemplate.ts); only a plain variable name is filled by both. */
const TAG = /\{\{([\s\S]*?)\}\}|\{%|\{#/g;
const PLAIN_NAME = /^\s*([A-Za-z_$][\w$]*)\s*$/;

function shown(text: string): string {
  const line = text.trim().replace(/\s+/g, ' ');
  return JSON.stringify(line.length > 60 ? `${line.slice(0, 59)}…` : line);
}

/**
 * `text` as one Nunjucks string expression, which renders to exactly `text`. Not `{% raw %}`: it
 * cannot hold `{% endraw %}`. Nunjucks' lexer reads `\c` in a string as `c` (but \n, \t, \r), so
 * `\`, `"`, braces, `.` and `[` are escaped: no `{{`, `}}` or `env.`/`env[` is left inside for the
 * config's `env` pass to see, and the whole starts with `{{`, never `file://` or `package:`.
 */
function asNunjucksString(text: string): string {
  return `{{ "${text.replace(/[\\"{}.[]/g, (character) => `\\${character}`)}" }}`;
}

/** True when promptfoo's rendering of `text` (and its loading test) sees only text. */
function plainForNunjucks(text: string, first: boolean): boolean {
  // No brace: no tag starts, and no `#}`, which Nunjucks refuses outside a comment.
  return !/[{}]/.test(text) && !(first && PROMPTFOO_LOADS.test(text));
}

/** As promptfoo's processJsonBody (src/providers/http.ts): a rendered value that starts with { or [ and parses to an object or array. */
function readAsJsonByPromptfoo(value: string): boolean {
  const trimmed = value.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return false;
  try {
    const parsed = JSON.parse(value) as unknown;
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
}

/** `text` written so that promptfoo, where it uses it as `use`, reads what checks read. */
export function promptfooText(text: string, use: PromptfooUse): PromptfooWritten {
  switch (use) {
    case 'literal':
      return { ok: true, text: plainForNunjucks(text, true) ? text : asNunjucksString(text) };
    case 'template': {
      if (!hasTemplate(text)) return { ok: true, text: plainForNunjucks(text, true) ? text : asNunjucksString(text) };
      // Each plain `{{ name }}` stays a template (checks refused the file if it names no variable);
      // every piece between is literal, written as a string expression when it holds a brace.
      let written = '';
      let last = 0;
      for (const match of text.matchAll(TAG)) {
        const name = match[1] === undefined ? undefined : PLAIN_NAME.exec(match[1])?.[1];
        if (name === undefined) continue;
        const piece = text.slice(last, match.index);
        written += piece === '' || plainForNunjucks(piece, last === 0) ? piece : asNunjucksString(piece);
        written += `{{ ${name} }}`;
        last = match.index + match[0].length;
      }
      const rest = text.slice(last);
      written += rest === '' || plainForNunjucks(rest, last === 0) ? rest : asNunjucksString(rest);
      return { ok: true, text: written };
    }
    case 'verbatim': {
      // Nothing renders it but the env pass, and nothing in YAML escapes from that pass: refused.
      for (const match of text.matchAll(ENV_PASS_TAG)) {
        if (NAMES_ENV.test(match[0])) return { ok: false, reason: `${shown(text)} holds ${shown(match[0])}, which promptfoo fills from the environment (your key included) when it loads the config` };
      }
      return { ok: true, text };
    }
    case 'variable':
      // Sent as written, so it cannot be escaped: promptfoo would send the escape.
      if (PROMPTFOO_LOADS.test(text)) return { ok: false, reason: `${shown(text)} would make promptfoo load what it names (and run it when it is code), where checks send it as text` };
      if (hasTemplate(text) || text.includes('#}')) return { ok: false, reason: `${shown(text)} holds {{ }}, {% %}, {# #} or #}, which promptfoo renders as a Nunjucks template (able to run code) and fills from other variables, where checks send it as written` };
      if (readAsJsonByPromptfoo(text)) return { ok: false, reason: `${shown(text)} is a JSON object or array, which promptfoo's http provider sends as JSON rather than as text (processJsonBody)` };
      if (text.endsWith('\n')) return { ok: false, reason: `${shown(text)} ends with a line break, which promptfoo drops before sending it, where checks send it as written` };
      return { ok: true, text };
  }
}
