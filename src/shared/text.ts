// Checks on text and values from outside, shared by every feature. Pure: no `vscode`.

/** A plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// eslint-disable-next-line no-control-regex
const C0_OR_DEL = /[\u0000-\u001f\u007f]/;

/** True when `text` holds a C0 control character or DEL: never valid in an id, a name or a key. */
export function hasControlCharacter(text: string): boolean {
  return C0_OR_DEL.test(text);
}
