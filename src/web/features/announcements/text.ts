// A plain-text line from Markdown, for the admin table's excerpt. Not a parser:
// it drops the marks people type most, in linear time over a bounded prefix.
const PREFIX_CHARS = 2000;

export function markdownExcerpt(markdown: string, max: number): string {
  const text = markdown
    .slice(0, PREFIX_CHARS)
    .replace(/!?\[([^\]\n]*)\]\([^)\n]*\)/g, '$1') // [text](url) and ![alt](src) → text
    .replace(/^[ \t]*(?:[-+*]|\d{1,9}[.)])[ \t]+/gm, '') // list bullets
    .replace(/[*_~`#>]+/g, '') // emphasis, code, headings, quotes
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}
