// One-pass readers of HTML built on htmlparser2's tokenizer (a state machine,
// so linear in the input whatever it holds): plain text, the first image, and
// truncation of sanitised HTML that keeps it well-formed. No pattern with
// overlapping quantifiers ever runs over fetched markup.
import { scanMarkup, stop } from './tag-scanner';
import { escapeAttribute, escapeText } from 'entities';

const BLOCK_TAGS = new Set([
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'td',
  'th',
  'blockquote',
  'section',
  'article',
  'header',
  'footer',
  'figure',
  'figcaption',
  'pre',
  'hr',
  'table',
]);
/** Elements whose content is never text a reader sees. */
const NON_TEXT_TAGS = new Set([
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'title',
  'head',
  'template',
  'svg',
]);
const VOID_TAGS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/**
 * The text of an HTML fragment: tags dropped (block boundaries become a space),
 * script/style and the like left out, entities decoded once. Whitespace is not
 * collapsed here.
 */
export function textOfHtml(html: string): string {
  const parts: string[] = [];
  let hidden = 0;
  scanMarkup(html, {
    onopentag(name) {
      if (NON_TEXT_TAGS.has(name)) hidden++;
      else if (BLOCK_TAGS.has(name)) parts.push(' ');
    },
    onclosetag(name) {
      if (NON_TEXT_TAGS.has(name)) hidden = Math.max(0, hidden - 1);
      else if (BLOCK_TAGS.has(name)) parts.push(' ');
    },
    ontext(text) {
      if (hidden === 0) parts.push(text);
    },
  });
  return parts.join('');
}

/** The raw src of the first <img> that has one (entities decoded), else null. */
export function firstImgSrc(html: string): string | null {
  let found: string | null = null;
  scanMarkup(html, {
    onopentag(name, attribs) {
      if (found === null && name === 'img' && attribs.src?.trim()) {
        found = attribs.src.trim();
        stop(); // nothing after the first image matters
      }
    },
  });
  return found;
}

/** `text` cut to at most `max` UTF-16 units without splitting a surrogate pair. */
export function safeSlice(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = max > 0 && isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}

/** How many UTF-16 units of `text` fit in `budget` once escaped (never half a pair). */
function escapedPrefix(text: string, budget: number): number {
  let used = 0;
  let end = 0;
  while (end < text.length) {
    const code = text.charCodeAt(end);
    const width = code === 0x26 ? 5 : code === 0x3c || code === 0x3e ? 4 : code === 0xa0 ? 6 : 1;
    const step = isHighSurrogate(code) ? 2 : 1;
    if (used + width * step > budget) break;
    used += width * step;
    end += step;
  }
  return end;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

export const ELLIPSIS = '…';

/**
 * Well-formed (sanitised) HTML shortened to at most `max` characters: text is
 * cut at a character boundary, "…" marks the cut, and every element left open
 * is closed. Tags and attributes are re-serialised from the parse, never
 * sliced, so no tag or entity is ever broken.
 */
export function truncateHtml(html: string, max: number, force = false): string {
  if (html.length <= max && !force) return html;
  const out: string[] = [];
  const open: string[] = [];
  let length = 0;
  let closing = 0; // length of the end tags owed to `open`
  let done = false;
  const room = () => max - length - closing - ELLIPSIS.length;
  const finish = () => {
    done = true;
    out.push(ELLIPSIS);
    stop();
  };
  scanMarkup(
    html,
    {
      onopentag(name, attribs) {
        if (done) return;
        const attrs = Object.entries(attribs)
          .map(([k, v]) => (v === '' ? ` ${k}` : ` ${k}="${escapeAttribute(v)}"`))
          .join('');
        const tag = `<${name}${attrs}>`;
        const owed = VOID_TAGS.has(name) ? 0 : name.length + 3;
        if (tag.length + owed > room()) return finish();
        out.push(tag);
        length += tag.length;
        if (owed) {
          open.push(name);
          closing += owed;
        }
      },
      onclosetag(name) {
        if (done || VOID_TAGS.has(name) || open.at(-1) !== name) return;
        open.pop();
        closing -= name.length + 3;
        out.push(`</${name}>`);
        length += name.length + 3;
      },
      ontext(text) {
        if (done) return;
        const escaped = escapeText(text);
        if (escaped.length <= room()) {
          out.push(escaped);
          length += escaped.length;
          return;
        }
        // Cut the decoded text so no entity is split, then escape what is kept.
        let keep = text.slice(0, escapedPrefix(text, room()));
        const space = keep.lastIndexOf(' ');
        if (space > keep.length * 0.8) keep = keep.slice(0, space);
        out.push(escapeText(keep.trimEnd()));
        finish();
      },
    },
    { decodeEntities: true },
  );
  if (!done) out.push(ELLIPSIS); // the input was over `max` but ended inside the budget
  for (let i = open.length - 1; i >= 0; i--) out.push(`</${open[i]}>`);
  return out.join('');
}

export interface Anchor {
  href: string;
  /** The anchor's text, up to 200 characters. */
  text: string;
}

/** The <a href> elements of a fragment, in order, at most `limit` of them. */
export function anchors(html: string, limit = 100): Anchor[] {
  const found: Anchor[] = [];
  let current: Anchor | null = null;
  scanMarkup(html, {
    onopentag(name, attribs) {
      if (name === 'a' && attribs.href !== undefined) current = { href: attribs.href, text: '' };
    },
    ontext(text) {
      if (current && current.text.length < 200) current.text += text.slice(0, 200);
    },
    onclosetag(name) {
      if (name !== 'a' || !current) return;
      found.push(current);
      current = null;
      if (found.length >= limit) stop();
    },
  });
  return found;
}

/** Each open tag of a page with its attributes, until `visit` answers true (found). */
export function scanTags(
  html: string,
  visit: (name: string, attribs: Record<string, string>) => boolean,
): void {
  scanMarkup(html, {
    onopentag(name, attribs) {
      if (visit(name, attribs)) stop();
    },
  });
}

/** Tags real HTML leaves open on purpose (the parser closes them implicitly): not nesting. */
const OFTEN_UNCLOSED = new Set([
  'p',
  'li',
  'dt',
  'dd',
  'option',
  'tr',
  'td',
  'th',
  'tbody',
  'thead',
]);

/**
 * True when the fragment opens more than `limit` elements without closing
 * them. sanitize-html's parser pays O(depth) per tag, so such input (1 MB of
 * "<div><a>") would take it seconds; real markup nests a few dozen deep.
 */
export function nestsDeeperThan(html: string, limit: number): boolean {
  // Every element opens at a "<": a fragment with no more of them than `limit`
  // (nearly every feed item) cannot nest deeper, and needs no parse.
  let opens = 0;
  for (let at = html.indexOf('<'); at !== -1 && opens <= limit; at = html.indexOf('<', at + 1))
    opens++;
  if (opens <= limit) return false;
  let depth = 0;
  return scanMarkup(html, {
    onopentag(name) {
      if (VOID_TAGS.has(name) || OFTEN_UNCLOSED.has(name)) return;
      if (++depth > limit) stop();
    },
    onclosetag(name) {
      if (!VOID_TAGS.has(name) && !OFTEN_UNCLOSED.has(name) && depth > 0) depth--;
    },
  }).stopped;
}
