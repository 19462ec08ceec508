// Keeps the API key out of text that is shown, logged or stored: every form the extension can
// write it in (as is, JSON-escaped once or more, percent-encoded) becomes `***`. Pure: no `vscode`.

/**
 * The shortest key the extension accepts (validateApiKey) and therefore the shortest it redacts:
 * one constant, so no accepted key is too short to be redacted.
 */
export const MIN_API_KEY_LENGTH = 8;

export const REDACTED = '***';

/** JSON strings inside JSON strings: a service error quoted in a log line is escaped twice. */
const JSON_DEPTH = 3;

/** True when `secret` is long enough to be redacted (every accepted key is). */
export function isRedactable(secret: string | undefined): secret is string {
  return secret !== undefined && secret.length >= MIN_API_KEY_LENGTH;
}

/** Forms of the keys redacted lately: a results file redacts every string of every line (the variant lab's bench spent ~20 µs a call making them anew). */
const formsOfSecret = new Map<string, readonly string[]>();
const MAX_REMEMBERED_SECRETS = 32;

/** The ways `secret` can appear in text the extension writes, longest first. */
export function writtenForms(secret: string): string[] {
  let forms = formsOfSecret.get(secret);
  if (forms === undefined) {
    if (formsOfSecret.size >= MAX_REMEMBERED_SECRETS) {
      formsOfSecret.clear();
    }
    forms = formsOf(secret);
    formsOfSecret.set(secret, forms);
  }
  return [...forms];
}

function formsOf(secret: string): string[] {
  const forms = new Set([secret]);
  let escaped = secret;
  for (let depth = 0; depth < JSON_DEPTH; depth++) {
    escaped = JSON.stringify(escaped).slice(1, -1);
    forms.add(escaped);
  }
  const percent = encodeURIComponent(secret);
  forms.add(percent);
  forms.add(percent.replace(/%[0-9A-F]{2}/g, (code) => code.toLowerCase()));
  return [...forms].sort((a, b) => b.length - a.length);
}

/** `text` with every written form of each secret replaced by `***`. */
export function redactSecrets(text: string, secrets: Iterable<string | undefined>): string {
  let result = text;
  for (const secret of secrets) {
    if (!isRedactable(secret)) {
      continue;
    }
    for (const form of formsOfSecret.get(secret) ?? writtenForms(secret)) {
      // Again until gone: `***` next to the text around it could spell a key that holds `*`.
      while (result.includes(form)) {
        result = result.split(form).join(REDACTED);
      }
    }
  }
  return result;
}

/** Redacts one secret; `undefined` leaves the text as it is. */
export function redactSecret(text: string, secret: string | undefined): string {
  return redactSecrets(text, [secret]);
}
