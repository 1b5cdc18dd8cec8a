// Feed documents (RSS 0.9x/1.0/2.0, RDF, Atom 1.0, JSON Feed 1.0/1.1) → FetchedItems.
// feedsmith detects the format by content; XML goes through safeXml first (no DOCTYPE,
// so no external entities and no entity-expansion bombs). feedsmith's XML parser is
// lenient: an unescaped & (the Phys.org fixture) still parses.
import {
  DetectError,
  parseFeed,
  type AnyFeed,
  type AtomFeed,
  type JsonFeed,
  type MediaNs,
  type RdfFeed,
  type RssFeed,
} from 'feedsmith';
import { looksLikeHtml, safeXml } from '../../net/decode';
import { SourceFetchError, type FetchedItem } from '../types';
import { escapeHtml, resolveUrl } from './util';
import { atomBases, type AtomBases, type EntryBases } from './xml-base';
import { readJsonOrNull } from '../parse/json-document';
import { snapiItems } from './snapi';

export interface ParsedFeed {
  /** The feed's own title. */
  title: string | null;
  /** The site the feed belongs to, absolute. */
  siteUrl: string | null;
  items: FetchedItem[];
}

export const NOT_A_FEED = 'Not a feed: the URL returned an HTML page';

/** A Spaceflight News API article list's items (snapi.ts), else null; looked for only in JSON that names a news site. */
function snapiDocument(text: string): FetchedItem[] | null {
  const start = text
    .slice(0, 4096)
    .trimStart()
    .replace(/^\uFEFF/, '');
  if (!start.startsWith('{') || !start.includes('"news_site"')) return null;
  return snapiItems(readJsonOrNull(text.replace(/^\uFEFF/, '')));
}

/** Parses a feed body into feedsmith's model; throws user-facing SourceFetchErrors. */
export function parseFeedDocument(text: string): AnyFeed {
  const body = text.replace(/^\uFEFF/, '').trim();
  if (body === '') throw new SourceFetchError('Could not parse the feed: the response was empty');
  if (looksLikeHtml(body)) throw new SourceFetchError(NOT_A_FEED);
  let input: unknown;
  if (body.startsWith('{')) {
    try {
      input = JSON.parse(body);
    } catch {
      throw new SourceFetchError('Could not parse the feed: invalid JSON');
    }
  } else {
    input = safeXml(body);
  }
  try {
    return parseFeed(input);
  } catch (error) {
    if (error instanceof DetectError) {
      if (/<html[\s>]/i.test(body.slice(0, 4096))) throw new SourceFetchError(NOT_A_FEED);
      throw new SourceFetchError('Could not parse the feed: not an RSS, Atom, RDF or JSON feed');
    }
    const reason =
      error instanceof Error && error.cause instanceof Error
        ? error.cause.message
        : 'malformed XML';
    // fast-xml-parser's messages can quote the document; keep the first clause only.
    const short = reason.split(/\n|\. Context:| at position /)[0].slice(0, 120);
    throw new SourceFetchError(`Could not parse the feed: ${short}`);
  }
}

/** Parses a feed body and maps its entries; `feedUrl` (after redirects) resolves relative links. */
export function parseFeedText(text: string, feedUrl: string): ParsedFeed {
  const snapi = snapiDocument(text);
  if (snapi) return { title: 'Spaceflight News API', siteUrl: null, items: snapi };
  const parsed = parseFeedDocument(text);
  return feedToItems(parsed, feedUrl, parsed.format === 'atom' ? atomBases(text, feedUrl) : null);
}

export function feedToItems(
  parsed: AnyFeed,
  feedUrl: string,
  /** xml:base in scope per element (Atom), when the document declares any. */
  bases: AtomBases | null = null,
): ParsedFeed {
  switch (parsed.format) {
    case 'rss':
    case 'rdf': {
      const feed = parsed.feed;
      const siteUrl = resolveUrl(feed.link, feedUrl);
      const base = siteUrl ?? feedUrl;
      const items = (feed.items ?? []).map((item) =>
        parsed.format === 'rss'
          ? rssItem(item as RssFeed.Item<string>, base)
          : rdfItem(item as RdfFeed.Item<string>, base),
      );
      return { title: clean(feed.title), siteUrl, items };
    }
    case 'atom': {
      const feed = parsed.feed;
      const siteLink = pickLink(feed.links, 'alternate');
      const siteBase =
        (siteLink && bases?.feedLinks[feed.links?.indexOf(siteLink) ?? -1]) ?? feedUrl;
      const siteUrl = resolveUrl(siteLink?.href, siteBase);
      const feedAuthor = feed.authors?.[0]?.name ?? null;
      const items = (feed.entries ?? []).map((entry, i) =>
        atomEntry(entry, siteUrl ?? feedUrl, feedAuthor, bases?.entries[i]),
      );
      return { title: clean(feed.title?.value), siteUrl, items };
    }
    case 'json': {
      const feed = parsed.feed;
      const siteUrl = resolveUrl(feed.home_page_url, feedUrl);
      const feedAuthor = feed.authors?.[0]?.name ?? null;
      const items = (feed.items ?? []).map((item) =>
        jsonItem(item, siteUrl ?? feedUrl, feedAuthor),
      );
      return { title: clean(feed.title), siteUrl, items };
    }
  }
}

function clean(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

function rssItem(item: RssFeed.Item<string>, base: string): FetchedItem {
  const guid = clean(item.guid?.value);
  const link =
    resolveUrl(item.link, base) ??
    (guid && item.guid?.isPermaLink !== false ? resolveUrl(guid, base) : null) ??
    resolveUrl(item.atom?.links?.[0]?.href, base);
  const enclosures = item.enclosures ?? [];
  const audio = enclosures.find((e) => e.type?.startsWith('audio/'));
  const enclosureImage = enclosures.find(
    (e) => e.type?.startsWith('image/') || /\.(jpe?g|png|gif|webp)(\?|$)/i.test(e.url ?? ''),
  );
  return {
    guid: guid ?? link,
    url: link,
    title: clean(item.title) ?? clean(item.dc?.titles?.[0]),
    summaryHtml: item.description ?? null,
    contentHtml: item.content?.encoded ?? null,
    imageUrl:
      mediaImage(item.media, base) ??
      resolveUrl(enclosureImage?.url, base) ??
      resolveUrl(item.itunes?.image, base),
    author:
      clean(item.dc?.creators?.[0]) ?? clean(item.authors?.[0]?.name) ?? clean(item.itunes?.author),
    publishedAt:
      item.pubDate ?? item.dc?.dates?.[0] ?? item.atom?.updated ?? item.atom?.published ?? null,
    itemType: audio ? 'podcast' : 'article',
    ...(audio ? { extra: { audioUrl: resolveUrl(audio.url, base), audioType: audio.type } } : {}),
  };
}

function rdfItem(item: RdfFeed.Item<string>, base: string): FetchedItem {
  const link = resolveUrl(item.link, base) ?? resolveUrl(item.rdf?.about, base);
  return {
    guid: clean(item.rdf?.about) ?? link,
    url: link,
    title: clean(item.title) ?? clean(item.dc?.titles?.[0]),
    summaryHtml: item.description ?? null,
    contentHtml: item.content?.encoded ?? null,
    imageUrl: mediaImage(item.media, base),
    author: clean(item.dc?.creators?.[0]),
    publishedAt: item.dc?.dates?.[0] ?? null,
    itemType: 'article',
  };
}

function atomEntry(
  entry: AtomFeed.Entry<string>,
  feedBase: string,
  feedAuthor: string | null,
  xmlBase: EntryBases | undefined,
): FetchedItem {
  const links = entry.links ?? [];
  // With xml:base, each link resolves against the base in scope at that element.
  const baseOf = (l: (typeof links)[number] | undefined) =>
    (l && xmlBase?.links[links.indexOf(l)]) ?? feedBase;
  const alternate = pickLink(links, 'alternate');
  const link = resolveUrl(alternate?.href, baseOf(alternate));
  const base = feedBase;
  const audio = links.find((l) => l.rel === 'enclosure' && l.type?.startsWith('audio/'));
  const imageLink = links.find((l) => l.rel === 'enclosure' && l.type?.startsWith('image/'));
  return {
    guid: clean(entry.id) ?? link,
    url: link,
    title: clean(atomText(entry.title)),
    summaryHtml: atomText(entry.summary),
    contentHtml: atomText(entry.content),
    imageUrl: mediaImage(entry.media, base) ?? resolveUrl(imageLink?.href, baseOf(imageLink)),
    author: clean(entry.authors?.[0]?.name) ?? clean(entry.dc?.creators?.[0]) ?? feedAuthor,
    publishedAt: entry.published ?? entry.updated ?? null,
    itemType: audio ? 'podcast' : 'article',
    ...(xmlBase?.content ? { baseUrl: xmlBase.content } : {}),
    ...(audio
      ? { extra: { audioUrl: resolveUrl(audio.href, baseOf(audio)), audioType: audio.type } }
      : {}),
  };
}

function jsonItem(
  item: JsonFeed.Item<string>,
  base: string,
  feedAuthor: string | null,
): FetchedItem {
  const link = resolveUrl(item.url, base) ?? resolveUrl(item.external_url, base);
  const audio = item.attachments?.find((a) => a.mime_type?.startsWith('audio/'));
  const text = item.content_text ? escapeHtml(item.content_text) : null;
  return {
    guid: clean(item.id) ?? link,
    url: link,
    title: clean(item.title),
    summaryHtml: item.summary ? escapeHtml(item.summary) : null,
    contentHtml: item.content_html ?? text,
    imageUrl: resolveUrl(item.image, base) ?? resolveUrl(item.banner_image, base),
    author: clean(item.authors?.[0]?.name) ?? feedAuthor,
    publishedAt: item.date_published ?? item.date_modified ?? null,
    itemType: audio ? 'podcast' : 'article',
    ...(audio
      ? { extra: { audioUrl: resolveUrl(audio.url, base), audioType: audio.mime_type } }
      : {}),
  };
}

/** Atom text constructs: html/xhtml pass through, text is escaped so the sanitiser keeps it literal. */
function atomText(text: { value?: string; type?: string } | undefined): string | null {
  if (!text?.value) return null;
  return text.type === 'html' || text.type === 'xhtml' ? text.value : escapeHtml(text.value);
}

function pickLink<T extends { href?: string; rel?: string }>(
  links: T[] | undefined,
  rel: string,
): T | undefined {
  return (
    links?.find((l) => (l.rel ?? 'alternate') === rel && l.href) ??
    links?.find((l) => !l.rel && l.href)
  );
}

/** media:content (images) first, as they are the full-size picture, then media:thumbnail; groups too. */
export function mediaImage(media: MediaNs.ItemOrFeed | undefined, base: string): string | null {
  if (!media) return null;
  const blocks = [media, ...(media.groups ?? [])];
  for (const block of blocks) {
    const content = block.contents?.find(
      (c) =>
        c.url &&
        (c.medium === 'image' ||
          c.type?.startsWith('image/') ||
          (!c.type && !c.medium && /\.(jpe?g|png|gif|webp)(\?|$)/i.test(c.url))),
    );
    const url = resolveUrl(content?.url, base);
    if (url) return url;
  }
  for (const block of blocks) {
    for (const content of [block, ...(block.contents ?? [])]) {
      const url = resolveUrl(content.thumbnails?.[0]?.url, base);
      if (url) return url;
    }
  }
  return null;
}
