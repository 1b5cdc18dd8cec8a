// custom: any web page.
//   1. A feed found before (resolvedUrl) is fetched directly, with a conditional GET.
//   2. Else the page is fetched. If it is itself a feed, it is parsed as one.
//   3. Else feed autodiscovery: <link rel="alternate" type="application/rss+xml | atom+xml |
//      feed+json | rdf+xml" href> (relative hrefs resolved against <base href> or the page);
//      the first candidate that parses wins and is cached as resolvedUrl.
//   4. Else the page's own metadata becomes a single item: og:/twitter: title, description,
//      image, url, article:published_time, <title>, meta description; guid = canonical URL.
// If a cached feed disappears (404/410) or turns into a page, discovery runs again.
import { scanMarkup } from '../parse/tag-scanner';
import { looksLikeHtml } from '../../net/decode';
import {
  SourceFetchError,
  type FetchContext,
  type FetchResult,
  type FetchedItem,
  type Fetcher,
} from '../types';
import { NOT_A_FEED, parseFeedText } from './feed-parse';
import { FEED_ACCEPT, fetchFeed } from './rss';
import { ensureOk, resolveUrl } from './util';

const FEED_TYPES = [
  'application/rss+xml',
  'application/atom+xml',
  'application/feed+json',
  'application/rdf+xml',
  'application/json',
];

export interface PageHead {
  feeds: string[];
  meta: Map<string, string>;
  title: string | null;
  canonical: string | null;
  baseUrl: string;
}

/** Reads <head>: alternate feed links, meta tags (first value wins), <title>, canonical link, <base>. */
export function readPageHead(html: string, pageUrl: string): PageHead {
  const head: PageHead = {
    feeds: [],
    meta: new Map(),
    title: null,
    canonical: null,
    baseUrl: pageUrl,
  };
  const feedLinks: { href: string; type: string }[] = [];
  let inTitle = false;
  let titleText = '';
  let done = false;
  // Everything we read lives in <head>; don't walk a megabyte of body.
  const end = html.search(/<body[\s>]/i);
  scanMarkup(
    end > 0 ? html.slice(0, end + 6) : html.slice(0, 2_000_000),
    {
      onopentag(name, attrs) {
        if (done) return;
        if (name === 'body') done = true;
        else if (name === 'title' && head.title === null) inTitle = true;
        else if (name === 'base' && attrs.href)
          head.baseUrl = resolveUrl(attrs.href, pageUrl) ?? pageUrl;
        else if (name === 'meta') {
          const key = (attrs.property ?? attrs.name ?? attrs.itemprop ?? '').trim().toLowerCase();
          const content = attrs.content?.trim();
          if (key && content && !head.meta.has(key)) head.meta.set(key, content);
        } else if (name === 'link' && attrs.href) {
          const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
          const type = (attrs.type ?? '').toLowerCase().split(';')[0].trim();
          if (rel.includes('alternate') && FEED_TYPES.includes(type))
            feedLinks.push({ href: attrs.href, type });
          if (rel.includes('canonical') && !head.canonical) head.canonical = attrs.href;
        }
      },
      ontext(text) {
        if (inTitle) titleText += text;
      },
      onclosetag(name) {
        if (name === 'title' && inTitle) {
          inTitle = false;
          head.title = titleText.replace(/\s+/g, ' ').trim() || null;
        }
      },
    },
    { decodeEntities: true },
  );
  // application/json only counts when nothing more specific is offered (it is also used for oEmbed).
  const specific = feedLinks.filter((l) => l.type !== 'application/json');
  head.feeds = [
    ...new Set(
      (specific.length ? specific : feedLinks)
        .map((l) => resolveUrl(l.href, head.baseUrl))
        .filter((u): u is string => !!u),
    ),
  ];
  head.canonical = resolveUrl(head.canonical, head.baseUrl);
  return head;
}

/** The page itself as one item, from OpenGraph / Twitter / plain meta tags; null when it has no title. */
export function pageMetadataItem(head: PageHead, pageUrl: string): FetchedItem | null {
  const m = (...keys: string[]) => keys.map((k) => head.meta.get(k)).find((v) => v) ?? null;
  const title = m('og:title', 'twitter:title') ?? head.title;
  if (!title) return null;
  const canonical = resolveUrl(m('og:url'), head.baseUrl) ?? head.canonical ?? pageUrl;
  const ogType = m('og:type') ?? '';
  return {
    guid: canonical,
    url: canonical,
    title,
    summaryHtml: m('og:description', 'twitter:description', 'description'),
    imageUrl: resolveUrl(
      m('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'),
      head.baseUrl,
    ),
    author: m('author', 'article:author', 'twitter:creator') ?? m('og:site_name'),
    publishedAt: m(
      'article:published_time',
      'datepublished',
      'date',
      'pubdate',
      'dc.date',
      'article:modified_time',
      'og:updated_time',
    ),
    itemType: ogType.startsWith('video') ? 'video' : 'article',
    extra: { siteName: m('og:site_name') },
  };
}

/** Fetches and parses a discovered feed; null when it is not a usable feed. */
async function tryFeed(ctx: FetchContext, url: string): Promise<FetchResult | null> {
  try {
    const res = await ctx.http.get(url, { headers: { accept: FEED_ACCEPT } });
    ensureOk(res);
    const feed = parseFeedText(res.text, res.url || url);
    return {
      items: feed.items,
      title: feed.title,
      resolvedUrl: url,
      etag: res.headers.get('etag'),
      lastModified: res.headers.get('last-modified'),
    };
  } catch (error) {
    if (error instanceof SourceFetchError) return null;
    throw error;
  }
}

async function discover(ctx: FetchContext, useValidators: boolean): Promise<FetchResult> {
  const pageUrl = ctx.source.url;
  const res = await ctx.http.get(pageUrl, {
    etag: useValidators ? ctx.source.etag : null,
    lastModified: useValidators ? ctx.source.lastModified : null,
    headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
  });
  ensureOk(res, 'the page');
  if (res.notModified || res.status === 304) {
    return {
      items: [],
      notModified: true,
      etag: ctx.source.etag,
      lastModified: ctx.source.lastModified,
    };
  }
  const finalUrl = res.url || pageUrl;
  const validators = {
    etag: res.headers.get('etag'),
    lastModified: res.headers.get('last-modified'),
  };
  if (!looksLikeHtml(res.text)) {
    // The URL is a feed itself (or something we cannot read, which parseFeedText explains).
    const feed = parseFeedText(res.text, finalUrl);
    return { items: feed.items, title: feed.title, resolvedUrl: null, ...validators };
  }
  const head = readPageHead(res.text, finalUrl);
  for (const feedUrl of head.feeds.slice(0, 3)) {
    const found = await tryFeed(ctx, feedUrl);
    if (found) return found;
  }
  const item = pageMetadataItem(head, finalUrl);
  if (!item) throw new SourceFetchError('No feed or page metadata found at this URL');
  return {
    items: [item],
    title: (item.extra?.siteName as string | null) ?? head.title,
    resolvedUrl: null,
    ...validators,
  };
}

export const customFetcher: Fetcher = {
  type: 'custom',
  async fetch(ctx) {
    const cached = ctx.source.resolvedUrl;
    if (cached) {
      try {
        return { ...(await fetchFeed(ctx, cached)), resolvedUrl: cached };
      } catch (error) {
        const gone =
          error instanceof SourceFetchError &&
          (error.message === NOT_A_FEED || [404, 410].includes(error.options.status ?? 0));
        if (!gone) throw error;
      }
      return discover(ctx, false);
    }
    return discover(ctx, true);
  },
};
