// The question asked before editor or clipboard text goes to a gist the workspace defined: what the
// modal says, built from the question and the translated phrases. Pure: no `vscode`, so what a
// repository's label, id, source and variable names can do to it is tested on plain Node.
//
// The modal's own sentences come first and no outside text can add a line: the label, id, source
// and each variable name go through the same one-line preview as the values (`previewOf`: cut,
// line breaks shown as ⏎, invisible characters as ⟨U+XXXX⟩), so a label cannot start the modal
// with a sentence of its own ("… is defined by you in settings") and push the real one down.
import { PREVIEW_LENGTH, previewOf, type EditorFilledValue } from './editorValueConsent';
import { countInvisible } from '../shared/invisibles';
import { messageLines, userMessage, type UserMessage } from '../shared/userMessage';

export interface ConsentQuestion {
  readonly gistId: string;
  readonly label: string;
  /** Where the gist was defined, e.g. `.vscode/gists.json`. */
  readonly source: string;
  readonly filled: readonly EditorFilledValue[];
}

/** The modal's own words (translated by the caller); `{n}` are filled with outside values. */
export interface ConsentPhrases {
  /** The first line, no outside text in it. */
  readonly intro: string;
  /** `{0}` label, `{1}` id, `{2}` where it is defined. */
  readonly gist: string;
  readonly cancel: string;
  /** "(N characters)": said of a value the preview shows only the start of. */
  readonly characters: (count: number) => string;
  /** "N invisible characters, shown as ⟨U+…⟩", or '' for none. */
  readonly invisible: (count: number) => string;
}

/** The English phrases (the extension passes them translated). */
export const CONSENT_PHRASES: ConsentPhrases = {
  intro: 'This workspace, not you, defined the gist below. Its defaults fill these values from your editor or clipboard:',
  gist: 'Gist: “{0}” ({1}), defined in {2}.',
  cancel: 'Cancel sends nothing.',
  characters: (count) => `${count} characters`,
  invisible: (count) => (count === 0 ? '' : `${count} invisible character${count === 1 ? '' : 's'}, shown as ⟨U+…⟩`),
};

/** Label, id and source are short: a name longer than this is cut in the question. */
const NAME_LENGTH = 80;

function describeValue(value: EditorFilledValue, phrases: ConsentPhrases): UserMessage {
  const from = value.placeholders.map((name) => `\${${name}}`).join(', ');
  const invisible = value.invisible + countInvisible(value.name);
  const notes = [value.shortened ? phrases.characters(value.length) : '', phrases.invisible(invisible)].filter((note) => note !== '');
  return userMessage(notes.length === 0 ? '• {0} ← {1}: “{2}”' : '• {0} ← {1}: “{2}” ({3})', previewOf(value.name, PREVIEW_LENGTH), from, value.preview, notes.join('; '));
}

/** The modal's detail: its own sentence, the gist, each value, what Cancel does; one line each. */
export function consentDetail(question: ConsentQuestion, phrases: ConsentPhrases = CONSENT_PHRASES): UserMessage {
  const { label, gistId, source } = question;
  const named = userMessage(phrases.gist, previewOf(label, NAME_LENGTH), previewOf(gistId, NAME_LENGTH), previewOf(source, NAME_LENGTH));
  const invisible = phrases.invisible(countInvisible(label) + countInvisible(gistId) + countInvisible(source));
  return messageLines(
    userMessage(phrases.intro),
    invisible === '' ? named : userMessage('{0} ({1})', named, invisible),
    ...question.filled.map((value) => describeValue(value, phrases)),
    userMessage(phrases.cancel),
  );
}
