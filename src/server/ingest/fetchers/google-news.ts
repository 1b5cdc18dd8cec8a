// google_news: a Google News search or topic RSS URL (news.google.com/rss/…), read as RSS.
//
// Each item's title is "Headline - Publisher": the publisher suffix is removed (the exact
// <source> name when the title ends with it, else the part after the LAST " - "), and the
// publisher becomes the author. Google gives no publisher article URL in the feed: <link>
// and every <a href> in the description point to news.google.com/rss/articles/{id}.
// Older ids ("CBMi…" base64 protobuf) embed the article URL and are decoded here; newer
// ids ("AU_yqL…" inside) are opaque, so the Google link is kept (it redirects the reader to
// the article). extra keeps publisher, publisherUrl (<source url>, the publisher's home) and
// googleNewsUrl. Summary: the "related coverage" list when Google clusters stories, else the
// publisher's name (the single-story description only repeats the headline).
import type { RssFeed } from 'feedsmith';
import { SourceFetchError, type FetchedItem, type Fetcher } from '../types';
import { parseFeedDocument } from './feed-parse';
import { anchors } from '../parse/html-scan';
import { fetchFeed } from './rss';
import { escapeHtml, resolveUrl } from './util';

/** "Headline - Publisher" → [Headline, Publisher]; the known source name wins over the last " - ". */
export function splitHeadline(
  title: string,
  source: string | null,
): { headline: string; publisher: string | null } {
  const t = title.trim();
  if (source && t.endsWith(` - ${source}`))
    return { headline: t.slice(0, -(source.length + 3)).trim(), publisher: source };
  const at = t.lastIndexOf(' - ');
  if (at <= 0) return { headline: t, publisher: source };
  return { headline: t.slice(0, at).trim(), publisher: source ?? t.slice(at + 3).trim() };
}

const DESCRIPTION_MAX = 100_000;
const GOOGLE_HOSTS = /(^|\.)(google\.[a-z.]+|googleusercontent\.com)$/i;

/** The publisher URL embedded in an old-style Google News article id, if any. */
export function decodeGoogleNewsUrl(link: string | null | undefined): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (!GOOGLE_HOSTS.test(url.hostname)) return url.href;
  const id = url.pathname.split('/').pop() ?? '';
  if (!/^[A-Za-z0-9_-]{8,}={0,2}$/.test(id)) return null;
  const bytes = Buffer.from(id.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1');
  const match = /https?:\/\/[\x21-\x7e]+/.exec(bytes);
  if (!match) return null;
  // The protobuf may follow the URL with another field; the URL ends at the first non-URL byte,
  // and a trailing "Ò\x01" (0xd2 0x01 AMP field) is cut by the character class above.
  const found = resolveUrl(match[0]);
  return found && !GOOGLE_HOSTS.test(new URL(found).hostname) ? found : null;
}

export function parseGoogleNewsItem(item: RssFeed.Item<string>): FetchedItem {
  const source = item.source?.title?.trim() || null;
  const { headline, publisher } = splitHeadline(item.title ?? '', source);
  const googleLink = resolveUrl(item.link);
  // Capped before any scan: Google's descriptions are a few hundred characters.
  const description = (item.description ?? '').slice(0, DESCRIPTION_MAX);
  const direct = anchors(description)
    .map((a) => resolveUrl(a.href))
    .find((h) => h && !GOOGLE_HOSTS.test(new URL(h).hostname));
  const articleUrl = direct ?? decodeGoogleNewsUrl(googleLink) ?? googleLink;
  return {
    guid: item.guid?.value?.trim() || googleLink,
    url: articleUrl,
    title: headline || null,
    summaryHtml: /<ol[\s>]/i.test(description)
      ? description
      : publisher
        ? escapeHtml(publisher)
        : null,
    author: publisher,
    publishedAt: item.pubDate ?? null,
    itemType: 'article',
    extra: { publisher, publisherUrl: resolveUrl(item.source?.url), googleNewsUrl: googleLink },
  };
}

export function parseGoogleNews(text: string): { title: string | null; items: FetchedItem[] } {
  const parsed = parseFeedDocument(text);
  if (parsed.format !== 'rss') throw new SourceFetchError('Not a Google News RSS feed');
  return {
    title: parsed.feed.title?.trim() || null,
    items: (parsed.feed.items ?? []).map(parseGoogleNewsItem),
  };
}

export const googleNewsFetcher: Fetcher = {
  type: 'google_news',
  fetch: (ctx) => fetchFeed(ctx, ctx.source.url, parseGoogleNews),
};
