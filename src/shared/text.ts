// Checks on text and values from outside, shared by every feature. Pure: no `vscode`.

/** A plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when `text` holds a C0 control character or DEL: never valid in an id, a name or a key. */
export function hasControlCharacter(text: string): boolean {
  // A loop, not a regular expression: called for every name of a test file, where a regular
  // expression runs interpreted until V8 compiles it, and most names are a few characters.
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
