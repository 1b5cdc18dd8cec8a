// Atom 1.0 (RFC 4287) for the private feeds. Item HTML was sanitised at
// ingestion; here it is only escaped into a type="html" element.
import type { NewsItem } from '../../shared/types';

// oxlint-disable-next-line no-control-regex -- XML 1.0 cannot carry these
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text escaped for XML, without the characters XML 1.0 cannot carry. */
export const xmlText = (s: string) =>
  s
    .replace(INVALID_XML_CHARS, '')
    .replace(LONE_SURROGATES, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

export interface AtomFeed {
  /** A stable URI for the feed. */
  id: string;
  title: string;
  selfUrl: string;
  siteUrl: string;
  items: NewsItem[];
}

function entry(item: NewsItem, idPrefix: string): string {
  const html = item.content ?? item.summary;
  const author = item.author ?? item.sourceName ?? 'AstroDash';
  return [
    '<entry>',
    `<id>${xmlText(`${idPrefix}${item.id}`)}</id>`,
    `<title type="text">${xmlText(item.title)}</title>`,
    `<link rel="alternate" type="text/html" href="${xmlText(item.url)}"/>`,
    `<published>${item.publishedAt}</published>`,
    `<updated>${item.publishedAt}</updated>`,
    `<author><name>${xmlText(author)}</name></author>`,
    item.sourceName ? `<category term="${xmlText(item.sourceName)}"/>` : '',
    item.summaryText ? `<summary type="text">${xmlText(item.summaryText)}</summary>` : '',
    html ? `<content type="html">${xmlText(html)}</content>` : '',
    '</entry>',
  ].join('');
}

export function renderAtom(feed: AtomFeed): string {
  const updated = feed.items.reduce(
    (latest, i) => (i.publishedAt > latest ? i.publishedAt : latest),
    new Date(0).toISOString(),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>\n',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${xmlText(feed.id)}</id>`,
    `<title type="text">${xmlText(feed.title)}</title>`,
    `<updated>${updated}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${xmlText(feed.selfUrl)}"/>`,
    `<link rel="alternate" type="text/html" href="${xmlText(feed.siteUrl)}"/>`,
    '<author><name>AstroDash</name></author>',
    '<generator>AstroDash</generator>',
    ...feed.items.map((i) => entry(i, `${feed.id}:item:`)),
    '</feed>\n',
  ].join('');
}
