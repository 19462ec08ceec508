// The forms a key takes in text the extension writes (as is, JSON-escaped once to three times,
// percent-encoded in either hex case), for tests that search files and messages for any of them.
// The redaction itself (src/shared/redact.ts) finds more (any mix of escapes, base64); these are
// the forms a writer of ours could produce from a key that slipped into a value.
export function writtenForms(secret: string): string[] {
  const forms = new Set([secret]);
  let escaped = secret;
  for (let depth = 0; depth < 3; depth++) {
    escaped = JSON.stringify(escaped).slice(1, -1);
    forms.add(escaped);
  }
  const percent = encodeURIComponent(secret);
  forms.add(percent);
  forms.add(percent.replace(/%[0-9A-F]{2}/g, (code) => code.toLowerCase()));
  return [...forms].sort((a, b) => b.length - a.length);
}
