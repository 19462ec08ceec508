// Checks on a gist id or variant slug before it goes into a request path. Pure: no `vscode`.
import { MAX_GIST_ID_BYTES, MAX_VARIANT_BYTES, utf8Length } from '../shared/limits';

/** A UTF-16 surrogate without its partner: not valid Unicode, so it has no UTF-8 form and no URL encoding. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

export type IdentifierKind = 'gist id' | 'variant slug';

/** What is wrong with a gist id or variant slug, as the end of a sentence; undefined when it can be sent. */
export function identifierProblem(value: string, kind: IdentifierKind): string | undefined {
  if (hasLoneSurrogate(value)) {
    return `is not valid Unicode (it holds half of a surrogate pair)`;
  }
  const max = kind === 'gist id' ? MAX_GIST_ID_BYTES : MAX_VARIANT_BYTES;
  return utf8Length(value) > max ? `is longer than ${max} bytes` : undefined;
}
