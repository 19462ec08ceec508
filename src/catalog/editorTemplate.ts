// Variable defaults that refer to the editor: `${selection}`, `${fileName}`, … with plain text
// around them. Pure: the facts are gathered elsewhere (src/prompts/editorFacts.ts).
import { ownValue } from '../shared/keyedRecord';

export const EDITOR_PLACEHOLDERS = [
  'selection',
  'clipboard',
  'fileName',
  'relativeFile',
  'languageId',
  'lineText',
  'workspaceFolderName',
  'date',
] as const;

export type EditorPlaceholder = (typeof EDITOR_PLACEHOLDERS)[number];

/** What the editor knows at the moment of the call; a missing fact resolves to ''. */
export type EditorFacts = Partial<Record<EditorPlaceholder, string>>;

const PLACEHOLDER = /\$\{([A-Za-z]+)\}/g;

function isPlaceholder(name: string): name is EditorPlaceholder {
  return (EDITOR_PLACEHOLDERS as readonly string[]).includes(name);
}

/** The known placeholders a template uses, in order, without repeats. */
export function placeholdersIn(template: string): EditorPlaceholder[] {
  const found: EditorPlaceholder[] = [];
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (isPlaceholder(name) && !found.includes(name)) {
      found.push(name);
    }
  }
  return found;
}

export interface ResolvedTemplate {
  readonly value: string;
  /** True when the template has placeholders and every one of them had a non-empty value. */
  readonly complete: boolean;
  readonly usesPlaceholders: boolean;
}

/** Fills the known placeholders; unknown `${…}` stay as written, so a typo is visible. */
export function resolveTemplate(template: string, facts: EditorFacts): ResolvedTemplate {
  let complete = true;
  let usesPlaceholders = false;
  const value = template.replace(PLACEHOLDER, (whole, name: string) => {
    if (!isPlaceholder(name)) {
      return whole;
    }
    usesPlaceholders = true;
    const fact = facts[name] ?? '';
    if (fact === '') {
      complete = false;
    }
    return fact;
  });
  return { value, complete: usesPlaceholders && complete, usesPlaceholders };
}

export interface VariableSpec {
  readonly name: string;
  readonly default?: string | undefined;
}

/** How one variable gets its value: filled from the editor, or asked with a prefill. */
export type VariablePlan =
  | { readonly name: string; readonly kind: 'filled'; readonly value: string }
  | { readonly name: string; readonly kind: 'ask'; readonly prefill: string };

/**
 * Defaults whose placeholders all resolved are filled without asking. Everything else is asked,
 * prefilled with the last value used, else the (partly) resolved default, else nothing.
 */
export function planVariables(
  variables: readonly VariableSpec[],
  facts: EditorFacts,
  lastValues: Readonly<Record<string, string>>,
): VariablePlan[] {
  return variables.map((variable) => {
    const resolved = variable.default === undefined ? undefined : resolveTemplate(variable.default, facts);
    if (resolved?.complete === true) {
      return { name: variable.name, kind: 'filled', value: resolved.value };
    }
    const prefill = ownValue(lastValues, variable.name) ?? resolved?.value ?? '';
    return { name: variable.name, kind: 'ask', prefill };
  });
}

/** The placeholders any of the variables' defaults use, so only those facts are gathered. */
export function placeholdersNeeded(variables: readonly VariableSpec[]): EditorPlaceholder[] {
  const needed = new Set<EditorPlaceholder>();
  for (const variable of variables) {
    for (const name of placeholdersIn(variable.default ?? '')) {
      needed.add(name);
    }
  }
  return [...needed];
}

/** `YYYY-MM-DD` in local time: what a person writing a date by hand would type. */
export function formatDate(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
