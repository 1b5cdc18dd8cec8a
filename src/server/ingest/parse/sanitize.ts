// Feed HTML → safe HTML and plain text, once, at ingestion. The browser never
// receives unsanitised feed markup, nor text-direction overrides and isolates
// (shared/hidden-chars.ts), which would reorder what a card shows.
import sanitizeHtmlLib from 'sanitize-html';
import { decodeHTML, escapeText } from 'entities';
import { firstImgSrc, nestsDeeperThan, textOfHtml } from './html-scan';
import { stripBidiControls, stripBidiControlsFromHtml } from '../../../shared/hidden-chars';

const MAX_NESTING = 256;

const YOUTUBE_EMBED =
  /^https:\/\/(www\.)?youtube(-nocookie)?\.com\/embed\/[\w-]{6,}([?#][^\s"]*)?$/;
/** A data: image kept as a card's imageUrl at most (a small inline picture, not a photo). */
const DATA_IMAGE_MAX = 64 * 1024;
const SAFE_DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|avif|bmp);base64,[a-z0-9+/=\s]+$/i;

function resolve(href: string | undefined, base: string | undefined): string | undefined {
  const value = href?.trim();
  if (!value) return undefined;
  try {
    return base ? new URL(value, base).href : new URL(value).href;
  } catch {
    return value;
  }
}

/**
 * What a feed's embedded player may be granted through its `allow` attribute:
 * playing, not the reader's camera, microphone, location or clipboard.
 */
const IFRAME_FEATURES = new Set([
  'autoplay',
  'encrypted-media',
  'picture-in-picture',
  'fullscreen',
]);
const ALLOW_MAX = 512;

/** The `allow` list cut to IFRAME_FEATURES, each for the frame's own origin; undefined when none is left. */
export function safeIframeAllow(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const kept = new Set<string>();
  for (const directive of value.slice(0, ALLOW_MAX).split(';')) {
    // "feature origin…": the origins are dropped, so the default ('src') applies.
    const feature = directive.trim().split(/\s/, 1)[0].toLowerCase();
    if (IFRAME_FEATURES.has(feature)) kept.add(feature);
  }
  return kept.size ? [...kept].join('; ') : undefined;
}

const httpOnly = (u: string | undefined) => (u && /^https?:\/\//i.test(u) ? u : undefined);

const SIMPLE_TAG =
  /<\/?(?:b|i|u|s|em|strong|small|p|br|ul|ol|li|blockquote|code|pre|sub|sup|del|ins|h[1-6]|hr)\s*\/?>/gi;

// sanitize-html runs synchronously, so the base URL of the call in progress can
// live here and one options object serves every call (building it per call costs
// more than the sanitising of a typical summary).
let currentBase: string | undefined;

const OPTIONS: sanitizeHtmlLib.IOptions = (() => {
  return {
    allowedTags: [
      ...sanitizeHtmlLib.defaults.allowedTags.filter((t) => t !== 'style'),
      'img',
      'figure',
      'figcaption',
      'picture',
      'iframe',
      'del',
      'ins',
      'sub',
      'sup',
    ],
    disallowedTagsMode: 'discard',
    nonTextTags: [
      'script',
      'style',
      'textarea',
      'option',
      'noscript',
      'title',
      'head',
      'template',
      'svg',
      'math',
      'object',
      'embed',
      'select',
      'button',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
      iframe: ['src', 'width', 'height', 'title', 'allowfullscreen', 'frameborder', 'allow'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan', 'scope'],
      ol: ['start'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'], iframe: ['https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    allowedIframeHostnames: [
      'www.youtube.com',
      'youtube.com',
      'www.youtube-nocookie.com',
      'youtube-nocookie.com',
    ],
    allowIframeRelativeUrls: false,
    transformTags: {
      a: (tagName, attribs) => {
        const href = resolve(attribs.href, currentBase);
        const out: Record<string, string> = { rel: 'noopener noreferrer', target: '_blank' };
        if (href && /^(https?:|mailto:)/i.test(href)) out.href = href;
        if (attribs.title) out.title = attribs.title;
        return { tagName, attribs: out };
      },
      iframe: (tagName, attribs) => {
        const out: Record<string, string> = { ...attribs };
        const allow = safeIframeAllow(attribs.allow);
        if (allow) out.allow = allow;
        else delete out.allow;
        return { tagName, attribs: out };
      },
      img: (tagName, attribs) => {
        const raw = attribs.src?.trim() ?? '';
        const src = raw.startsWith('data:')
          ? SAFE_DATA_IMAGE.test(raw)
            ? raw
            : undefined
          : httpOnly(resolve(raw, currentBase));
        const out: Record<string, string> = { ...attribs, loading: 'lazy' };
        if (src) out.src = src;
        else delete out.src;
        return { tagName, attribs: out };
      },
    },
    exclusiveFilter: (frame) =>
      (frame.tag === 'iframe' && !YOUTUBE_EMBED.test(frame.attribs.src ?? '')) ||
      (frame.tag === 'img' && !frame.attribs.src),
  };
})();

/**
 * Safe HTML for the browser: allow-listed tags, YouTube embeds only (with no
 * permission beyond playing), links opened safely, URLs absolute, no bidi controls.
 */
export function sanitizeHtml(html: string | null | undefined, baseUrl?: string): string {
  return html ? stripBidiControlsFromHtml(sanitizeMarkup(html, baseUrl)) : '';
}

function sanitizeMarkup(html: string, baseUrl: string | undefined): string {
  // No tag at all, or only attribute-less inline/block tags from the allow-list
  // (the common feed summary): nothing to remove, so skip the full parse.
  // Entities stay encoded and display as text.
  if (!html.includes('<') || !html.replace(SIMPLE_TAG, '').includes('<')) return html.trim();
  // Pathologically nested markup keeps its text only (see nestsDeeperThan).
  if (nestsDeeperThan(html, MAX_NESTING)) return escapeText(textOfHtml(html)).trim();
  currentBase = baseUrl;
  try {
    return sanitizeHtmlLib(html, OPTIONS).trim();
  } finally {
    currentBase = undefined;
  }
}

/**
 * Plain text from HTML that sanitizeHtml produced (or any HTML): one parse
 * drops the tags, then text that was escaped markup is read once more.
 */
export function sanitizedToText(html: string): string {
  return htmlToText(html);
}

/**
 * Plain text from HTML (or text with entities): tags dropped, entities decoded,
 * bidi controls dropped, whitespace collapsed. Titles, authors and summaries go through here.
 */
export function htmlToText(input: string | null | undefined): string {
  if (!input) return '';
  const parsed = input.includes('<');
  let text = parsed ? textOfHtml(input) : input;
  // Twice in all: feeds often double-escape (&amp;amp; / &amp;#8217;).
  if (!parsed && text.includes('&')) text = decodeHTML(text);
  if (text.includes('&')) text = decodeHTML(text);
  // Text that was escaped markup (&lt;p&gt;) turns into tags after decoding: strip those too.
  if (/<[a-z!/]/i.test(text)) text = textOfHtml(text);
  return stripBidiControls(text)
    .replace(/[\s\u00a0\u200b]+/g, ' ')
    .trim();
}

/** The first <img src> in HTML, resolved: http(s), or a safe base64 data: image. */
export function firstImage(html: string | null | undefined, baseUrl?: string): string | null {
  if (!html || !/<img/i.test(html)) return null;
  const raw = firstImgSrc(html);
  if (!raw) return null;
  if (raw.startsWith('data:'))
    return raw.length <= DATA_IMAGE_MAX && SAFE_DATA_IMAGE.test(raw) ? raw : null;
  return httpOnly(resolve(raw, baseUrl)) ?? null;
}
