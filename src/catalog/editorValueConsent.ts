// Whether a call may go out without asking. A gist defined by the workspace (a cloned repository)
// chooses its own defaults: `${clipboard}` or `${selection}` would send what the user has there to
// a gist the repository picked. Before the first such call the user sees what would be sent and
// agrees. Pure: no `vscode`; the dialog and the "always" memory are in src/workspaceGistConsent.ts.
import type { CatalogGist, CatalogVariable } from './catalog';
import { placeholdersIn, type EditorPlaceholder } from './editorTemplate';
import { countInvisible, revealInvisible } from '../shared/invisibles';

/**
 * Placeholders that carry the user's own data: text from the editor or the clipboard, and the
 * active file's name or path (which can be outside the workspace: `relativeFile` is then the
 * absolute path). `languageId`, `date` and `workspaceFolderName` tell a repository nothing it
 * could not guess, so they need no consent.
 */
export const PRIVATE_PLACEHOLDERS: readonly EditorPlaceholder[] = ['selection', 'clipboard', 'lineText', 'fileName', 'relativeFile'];

/** Characters of a value shown in the question. */
export const PREVIEW_LENGTH = 60;

export interface EditorFilledValue {
  readonly name: string;
  /** The private placeholders its default uses, e.g. `['clipboard']`. */
  readonly placeholders: readonly EditorPlaceholder[];
  /** One line of at most PREVIEW_LENGTH of its characters, invisible ones written as `⟨U+XXXX⟩`. */
  readonly preview: string;
  readonly length: number;
  /** The preview shows only the start of the value. */
  readonly shortened: boolean;
  /** Invisible characters in the whole value (each shown as `⟨U+XXXX⟩` where the preview reaches). */
  readonly invisible: number;
}

export type ConsentDecision = { readonly kind: 'send' } | { readonly kind: 'ask'; readonly filled: readonly EditorFilledValue[]; readonly signature: string };

function privatePlaceholders(variable: CatalogVariable): EditorPlaceholder[] {
  return placeholdersIn(variable.default ?? '').filter((name) => PRIVATE_PLACEHOLDERS.includes(name));
}

function own(values: Readonly<Record<string, string>> | undefined, name: string): string | undefined {
  return values !== undefined && Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined;
}

/** What "Always for this gist" agreed to: each variable and the private placeholders it reads. */
export function consentSignature(variables: readonly CatalogVariable[]): string {
  return variables
    .map((variable) => [variable.name, privatePlaceholders(variable)] as const)
    .filter(([, placeholders]) => placeholders.length > 0)
    .map(([name, placeholders]) => JSON.stringify([name, placeholders]))
    .sort()
    .join('\n');
}

/**
 * A value as one short line: its first `length` characters, line breaks shown as ⏎, every
 * character that shows nothing or reorders the line (controls, bidi overrides, zero-width
 * characters, tags) written as `⟨U+XXXX⟩`, so no value can hide text or forge a line.
 */
export function previewOf(value: string, length = PREVIEW_LENGTH): string {
  const characters = [...value];
  const head = characters.length <= length ? value : characters.slice(0, length - 1).join('');
  const line = revealInvisible(head.replace(/\r\n|\r|\n/g, ' ⏎ ')).text.replace(/\s+/g, ' ').trim();
  return characters.length <= length ? line : `${line}…`;
}

/**
 * The values about to be sent that a private placeholder may have filled: every non-empty value of
 * a variable whose default reads one, unless the caller passed it (`given`: the arguments of
 * gist.generate). A value the user typed over such a default is listed too: the question then
 * shows exactly what goes out, which is the point.
 */
export function editorFilledValues(
  variables: readonly CatalogVariable[],
  values: Readonly<Record<string, string>>,
  given?: Readonly<Record<string, string>>,
): EditorFilledValue[] {
  const filled: EditorFilledValue[] = [];
  for (const variable of variables) {
    const placeholders = privatePlaceholders(variable);
    const value = own(values, variable.name);
    if (placeholders.length > 0 && value !== undefined && value !== '' && own(given, variable.name) === undefined) {
      filled.push({ name: variable.name, placeholders, preview: previewOf(value), length: [...value].length, shortened: [...value].length > PREVIEW_LENGTH, invisible: countInvisible(value) });
    }
  }
  return filled;
}

/**
 * `gist` is the catalog entry of the call (undefined for an id outside the catalog: no defaults
 * were filled); `always` the signature the user agreed to for it in this workspace, if any.
 */
export function consentDecision(
  gist: Pick<CatalogGist, 'origin' | 'variables'> | undefined,
  values: Readonly<Record<string, string>>,
  given: Readonly<Record<string, string>> | undefined,
  always: string | undefined,
): ConsentDecision {
  if (gist === undefined || gist.origin === 'user') {
    return { kind: 'send' };
  }
  const filled = editorFilledValues(gist.variables, values, given);
  const signature = consentSignature(gist.variables);
  if (filled.length === 0 || always === signature) {
    return { kind: 'send' };
  }
  return { kind: 'ask', filled, signature };
}
