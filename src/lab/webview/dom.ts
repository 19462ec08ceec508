// Building the view's elements. Text from the results file only ever goes in through
// `textContent` (never innerHTML), so nothing in a file can become markup, a link or a script.

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Readonly<Record<string, string>> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    node.setAttribute(name, value);
  }
  for (const child of children) {
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

/** Replaces what `node` holds with `children`. */
export function replaceChildren(node: Element, ...children: Array<Node | string>): void {
  node.replaceChildren(...children.map((child) => (typeof child === 'string' ? document.createTextNode(child) : child)));
}

export function formatMs(ms: number | undefined): string {
  if (ms === undefined) return '–';
  return ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

export function formatCount(value: number | undefined): string {
  return value === undefined ? '–' : Math.round(value).toLocaleString('en-US');
}
