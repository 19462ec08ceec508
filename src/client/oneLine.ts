// Outside text (ids, the service's error, URLs) goes into one-line messages: line breaks and
// other control characters become spaces, and long text is cut. Pure: no `vscode`.

export function oneLine(text: string, maxLength = 200): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
  return flat.length > maxLength ? `${flat.slice(0, maxLength - 1)}…` : flat;
}
