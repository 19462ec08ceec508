// Renders Markdown as a CommonMark parser does (with GFM-style autolinks and raw HTML on, the
// strictest setting) and lists what in the result could be clicked or could run: links, images
// and raw HTML. Tests use it to prove that outside text never adds any of them.
import MarkdownIt from 'markdown-it';

const parser = new MarkdownIt({ html: true, linkify: true });
type Token = ReturnType<typeof parser.parse>[number];

export interface RenderedActive {
  /** The `href` of every link, in order (Markdown links, autolinks and bare URLs alike). */
  readonly links: readonly string[];
  readonly images: readonly string[];
  /** Raw HTML blocks and inline tags, which VS Code would strip or render. */
  readonly html: readonly string[];
}

function walk(tokens: readonly Token[], found: { links: string[]; images: string[]; html: string[] }): void {
  for (const token of tokens) {
    if (token.type === 'link_open') {
      found.links.push(token.attrGet('href') ?? '');
    } else if (token.type === 'image') {
      found.images.push(token.attrGet('src') ?? '');
    } else if (token.type === 'html_inline' || token.type === 'html_block') {
      found.html.push(token.content);
    }
    if (token.children !== null) {
      walk(token.children, found);
    }
  }
}

export function activeParts(markdown: string): RenderedActive {
  const found = { links: [] as string[], images: [] as string[], html: [] as string[] };
  walk(parser.parse(markdown, {}), found);
  return found;
}

/** The rendered text without tags and entities, to check the outside text is still shown. */
export function renderedText(markdown: string): string {
  return parser
    .render(markdown)
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
