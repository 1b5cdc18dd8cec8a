// youtube: a channel URL in any common form, resolved to the channel's Atom feed.
//   /channel/UC…            → feeds/videos.xml?channel_id=UC…   (no extra request)
//   /user/name              → feeds/videos.xml?user=name        (the feed accepts legacy names)
//   /@handle, /c/name, /name → the channel page is fetched once and the UC… id read from it
//   feeds/videos.xml?channel_id|playlist_id|user=…  → used as is
// The resolved feed URL is returned as resolvedUrl and reused on the next run.
// Requests go to config.youtubeBaseUrl (real www.youtube.com URLs are mapped onto it).
import type { AtomFeed } from 'feedsmith';
import type { YoutubeExtra } from '../../../shared/item-extra';
import { scanTags } from '../parse/html-scan';
import { SourceFetchError, type FetchContext, type FetchedItem, type Fetcher } from '../types';
import { parseFeedDocument } from './feed-parse';
import { fetchFeed } from './rss';
import { ensureOk, onBase, textToHtml } from './util';

const CHANNEL_ID = /^UC[\w-]{22}$/;

export type YoutubeTarget = { kind: 'feed'; path: string } | { kind: 'page'; path: string };

/**
 * Classifies a YouTube URL: either a feed path we can fetch directly or a page to
 * read the channel id from. youtube.com hosts are accepted, and the host of the
 * configured YOUTUBE_BASE_URL (a mirror, or the tests' fixture server).
 */
export function parseYoutubeUrl(input: string, baseUrl?: string): YoutubeTarget {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new SourceFetchError('Not a YouTube channel URL');
  }
  const configuredHost = baseUrl ? new URL(baseUrl).host : null;
  if (!/(^|\.)youtube\.com$/i.test(url.hostname) && url.host !== configuredHost) {
    throw new SourceFetchError('Not a YouTube channel URL');
  }
  const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (segments[0] === 'feeds' && segments[1] === 'videos.xml') {
    for (const key of ['channel_id', 'playlist_id', 'user']) {
      const value = url.searchParams.get(key);
      if (value)
        return { kind: 'feed', path: `/feeds/videos.xml?${key}=${encodeURIComponent(value)}` };
    }
    throw new SourceFetchError('The YouTube feed URL needs channel_id, playlist_id or user');
  }
  const [first, second] = segments;
  if (first === 'channel' && second && CHANNEL_ID.test(second))
    return { kind: 'feed', path: channelFeedPath(second) };
  if (first === 'user' && second)
    return { kind: 'feed', path: `/feeds/videos.xml?user=${encodeURIComponent(second)}` };
  if (first === 'playlist' && url.searchParams.get('list')) {
    return {
      kind: 'feed',
      path: `/feeds/videos.xml?playlist_id=${encodeURIComponent(url.searchParams.get('list')!)}`,
    };
  }
  if (first?.startsWith('@'))
    return { kind: 'page', path: `/${encodeURIComponent(first).replace('%40', '@')}` };
  if (first === 'c' && second) return { kind: 'page', path: `/c/${encodeURIComponent(second)}` };
  if (first && segments.length <= 2 && !['watch', 'shorts', 'results', 'feed'].includes(first)) {
    return { kind: 'page', path: `/${encodeURIComponent(first)}` };
  }
  throw new SourceFetchError(
    'Not a YouTube channel URL: use a /channel/, /@handle, /user/ or /c/ address',
  );
}

function channelFeedPath(channelId: string): string {
  return `/feeds/videos.xml?channel_id=${channelId}`;
}

const CHANNEL_URL_ID = /\/channel\/(UC[\w-]{22})/;
const UC_ID = /^UC[\w-]{22}$/;
const JSON_IDS = [
  /"channelId"\s*:\s*"(UC[\w-]{22})"/,
  /"externalId"\s*:\s*"(UC[\w-]{22})"/,
  /"browseId"\s*:\s*"(UC[\w-]{22})"/,
];

/** Reads the UC… channel id from a channel page (canonical link, itemprop meta, or the page's JSON). */
export function extractChannelId(html: string): string | null {
  // Tags through the HTML tokenizer (linear); the JSON patterns have no overlapping quantifiers.
  let id: string | null = null;
  scanTags(html, (name, attribs) => {
    if (name === 'link' && attribs.rel?.toLowerCase() === 'canonical')
      id = CHANNEL_URL_ID.exec(attribs.href ?? '')?.[1] ?? null;
    else if (name === 'meta' && /^(channelId|identifier)$/.test(attribs.itemprop ?? ''))
      id = UC_ID.test(attribs.content ?? '') ? (attribs.content ?? null) : null;
    return id !== null;
  });
  if (id) return id;
  for (const pattern of JSON_IDS) {
    const match = pattern.exec(html);
    if (match) return match[1];
  }
  return null;
}

/** Maps a parsed YouTube channel feed to video items. */
export function parseYoutubeFeed(feed: AtomFeed.Feed<string>): FetchedItem[] {
  return (feed.entries ?? []).map((entry) => {
    const group = entry.media?.groups?.[0];
    const videoId = entry.yt?.videoId ?? entry.id?.replace(/^yt:video:/, '');
    const link =
      entry.links?.find((l) => (l.rel ?? 'alternate') === 'alternate')?.href ??
      (videoId ? `https://www.youtube.com/watch?v=${videoId}` : null);
    const community = group?.community ?? entry.media?.community;
    return {
      guid: entry.id ?? (videoId ? `yt:video:${videoId}` : link),
      url: link,
      title: entry.title?.value?.trim() || group?.title?.value?.trim() || null,
      summaryHtml: textToHtml(group?.description?.value ?? entry.media?.description?.value),
      imageUrl: group?.thumbnails?.[0]?.url ?? entry.media?.thumbnails?.[0]?.url ?? null,
      author: entry.authors?.[0]?.name ?? null,
      publishedAt: entry.published ?? entry.updated ?? null,
      itemType: 'video' as const,
      engagement: { views: community?.statistics?.views, likes: community?.starRating?.count },
      extra: {
        videoId: videoId ?? null,
        channelId: entry.yt?.channelId ?? null,
        isShort: Boolean(link?.includes('/shorts/')),
      } satisfies YoutubeExtra,
    };
  });
}

/** The feed URL to fetch: the cached resolution, else resolved from the source URL (may fetch the channel page). */
async function resolveFeedUrl(ctx: FetchContext): Promise<string> {
  const base = ctx.config.youtubeBaseUrl;
  if (ctx.source.resolvedUrl) return onBase(ctx.source.resolvedUrl, base);
  const target = parseYoutubeUrl(ctx.source.url, base);
  if (target.kind === 'feed') return `${base}${target.path}`;
  const res = await ctx.http.get(`${base}${target.path}`, {
    // YouTube's consent interstitial (EU) hides the page; this cookie skips it.
    headers: { accept: 'text/html', 'accept-language': 'en', cookie: 'CONSENT=YES+1' },
  });
  ensureOk(res, 'the YouTube channel');
  const channelId = extractChannelId(res.text);
  if (!channelId)
    throw new SourceFetchError('Could not find the YouTube channel id on the channel page');
  return `${base}${channelFeedPath(channelId)}`;
}

export const youtubeFetcher: Fetcher = {
  type: 'youtube',
  async fetch(ctx) {
    const feedUrl = await resolveFeedUrl(ctx);
    const resolvedUrl = `https://www.youtube.com${new URL(feedUrl).pathname}${new URL(feedUrl).search}`;
    const result = await fetchFeed(ctx, feedUrl, (text) => {
      const parsed = parseFeedDocument(text);
      if (parsed.format !== 'atom') throw new SourceFetchError('Not a YouTube channel feed');
      return { title: parsed.feed.title?.value ?? null, items: parseYoutubeFeed(parsed.feed) };
    });
    return { ...result, resolvedUrl };
  },
};
