// Fills `{{variable}}` placeholders; one pass, so a value containing `{{x}}` is never expanded again.

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

export function templatePlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
}

/** Placeholders whose name is not in `values` stay as written. */
export function renderTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? (values[name] ?? whole) : whole));
}
