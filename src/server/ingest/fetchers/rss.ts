// rss: any RSS 0.9x/1.0/2.0, RDF, Atom 1.0 or JSON Feed URL, fetched with a conditional GET.
import type { FetchContext, FetchResult, FetchedItem, Fetcher } from '../types';
import { parseFeedText } from './feed-parse';
import { ensureOk } from './util';

export type FeedParser = (
  text: string,
  finalUrl: string,
) => { title: string | null; items: FetchedItem[] };

/**
 * GETs a feed with the source's validators (conditional GET) and parses it;
 * shared by rss, youtube, reddit (Atom), google_news and custom.
 */
export async function fetchFeed(
  ctx: FetchContext,
  url: string,
  parse: FeedParser = parseFeedText,
): Promise<FetchResult> {
  const res = await ctx.http.get(url, {
    etag: ctx.source.etag,
    lastModified: ctx.source.lastModified,
    headers: { accept: FEED_ACCEPT },
  });
  ensureOk(res);
  if (res.notModified || res.status === 304) {
    return {
      items: [],
      notModified: true,
      etag: res.headers.get('etag') ?? ctx.source.etag,
      lastModified: res.headers.get('last-modified') ?? ctx.source.lastModified,
    };
  }
  const validators = {
    etag: res.headers.get('etag'),
    lastModified: res.headers.get('last-modified'),
  };
  const feed = parse(res.text, res.url || url);
  return { items: feed.items, title: feed.title, ...validators };
}

export const FEED_ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, */*;q=0.5';

export const rssFetcher: Fetcher = {
  type: 'rss',
  fetch: (ctx) => fetchFeed(ctx, ctx.source.url),
};
