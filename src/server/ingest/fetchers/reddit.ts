// reddit: a subreddit URL (www/old/new.reddit.com, trailing /hot, /new…, or "r/name").
//
// Default: the subreddit's Atom feed {redditBaseUrl}/r/{sub}/.rss, sent with a Reddit-style
// User-Agent (Reddit blocks generic ones). Anonymous JSON is blocked since mid-2026.
// With REDDIT_CLIENT_ID + REDDIT_CLIENT_SECRET: app-only OAuth (client_credentials; the token
// is cached in memory until shortly before it expires) and the JSON listing
// {redditOauthBaseUrl}/r/{sub}/{sort}?limit=50&raw_json=1, which adds score, comment count,
// preview image and self-text.
//
// Item type: self post → social_post; image / i.redd.it / gallery → image; reddit-hosted or
// embedded video → video; any other link → article.
// Item URL: the outbound URL for link posts and embedded (e.g. YouTube) videos, so the reader
// lands on the article or the player; the Reddit permalink for self, image, gallery and
// reddit-hosted video posts, whose content lives on Reddit. extra.permalink always holds
// the discussion link. Images of NSFW or spoiler posts are left out.
// 403 and 429 become SourceFetchErrors carrying the status (and Retry-After) for backoff.
import type { AtomFeed } from 'feedsmith';
import type { ItemType } from '../../../shared/constants';
import {
  SourceFetchError,
  type FetchContext,
  type FetchResult,
  type FetchedItem,
  type Fetcher,
  type HttpResponse,
} from '../types';
import { NOT_A_FEED, parseFeedDocument } from './feed-parse';
import { anchors } from '../parse/html-scan';
import {
  RedditChildSchema,
  RedditListingSchema,
  RedditTokenSchema,
  type RedditPost,
} from './reddit-schema';
import { fetchFeed } from './rss';
import { count, ensureOk, parseJson, resolveUrl, retryAfterSeconds, str, textToHtml } from './util';

const SORTS = new Set(['hot', 'new', 'top', 'rising', 'controversial']);
const REDDIT_WEB = 'https://www.reddit.com';

export interface SubredditTarget {
  subreddit: string;
  sort: string | null;
}

export function parseSubredditUrl(input: string): SubredditTarget {
  const value = input.trim();
  let path = value;
  if (/^https?:\/\//i.test(value)) {
    const url = new URL(value);
    // Only Reddit's own hosts: tests and mirrors point REDDIT_BASE_URL elsewhere instead.
    if (!/(^|\.)reddit\.com$/i.test(url.hostname)) {
      throw new SourceFetchError('Not a Reddit subreddit URL');
    }
    path = url.pathname;
  }
  const match = /(?:^|\/)r\/([A-Za-z0-9_]{2,21})(?:\/([a-z]+))?/.exec(path);
  if (!match)
    throw new SourceFetchError(
      'Not a Reddit subreddit URL: expected https://www.reddit.com/r/{name}/',
    );
  const sort = match[2] && SORTS.has(match[2]) ? match[2] : null;
  return { subreddit: match[1], sort };
}

/** Reddit asks for `<platform>:<app id>:<version> (by /u/<user>)`; keep an operator's own UA if it already has that shape. */
export function redditUserAgent(configured: string): string {
  return /^[\w.-]+:[\w.-]+:[\w.-]+/.test(configured)
    ? configured
    : `server:astrodash:0.1.0 (self-hosted news reader; ${configured})`;
}

// ---------- JSON listing (OAuth) ----------

/** Maps a Reddit Listing (raw_json=1) to items; anything that is not a listing has none. */
export function parseRedditListing(payload: unknown): FetchedItem[] {
  const listing = RedditListingSchema.safeParse(payload);
  if (!listing.success) return [];
  const items: FetchedItem[] = [];
  for (const raw of listing.data.data.children) {
    const child = RedditChildSchema.safeParse(raw);
    if (!child.success || child.data.kind !== 't3') continue;
    const d = child.data.data;
    if (d.promoted === true) continue;
    const permalink = resolveUrl(str(d.permalink), REDDIT_WEB);
    const outbound = resolveUrl(str(d.url_overridden_by_dest) ?? str(d.url), REDDIT_WEB);
    const itemType = listingType(d);
    const external =
      itemType === 'article' || (itemType === 'video' && d.post_hint === 'rich:video');
    const created = d.created_utc ?? undefined;
    items.push({
      guid: str(d.name) ?? (str(d.id) ? `t3_${d.id}` : permalink),
      url: (external ? outbound : permalink) ?? permalink ?? outbound,
      title: str(d.title),
      summaryHtml: str(d.selftext_html) ?? textToHtml(str(d.selftext)),
      imageUrl: d.over_18 === true || d.spoiler === true ? null : listingImage(d),
      author: str(d.author) ? `u/${d.author}` : null,
      publishedAt: created === undefined ? null : new Date(created * 1000).toISOString(),
      itemType,
      engagement: { score: d.score ?? undefined, comments: d.num_comments ?? undefined },
      extra: {
        permalink,
        outboundUrl: outbound !== permalink ? outbound : null,
        subreddit: str(d.subreddit_name_prefixed) ?? str(d.subreddit),
        domain: str(d.domain),
        flair: str(d.link_flair_text),
      },
    });
  }
  return items;
}

function listingType(d: RedditPost): ItemType {
  const hint = str(d.post_hint);
  const url = str(d.url) ?? '';
  if (d.is_video === true || hint === 'hosted:video' || hint === 'rich:video') return 'video';
  if (d.is_gallery === true || hint === 'image' || url.startsWith('https://i.redd.it/'))
    return 'image';
  if (d.is_self === true) return 'social_post';
  return 'article';
}

function listingImage(d: RedditPost): string | null {
  const source = str(d.preview?.images[0]?.source?.url);
  if (source) return source;
  const first = Object.values(d.media_metadata ?? {}).find((m) => m.s);
  const url = str(first?.s?.u) ?? str(first?.s?.gif);
  if (url) return url;
  const thumb = str(d.thumbnail);
  return thumb?.startsWith('http') ? thumb : null;
}

// ---------- Atom feed (anonymous) ----------

const CONTENT_MAX = 100_000;

/** The self text between Reddit's <!-- SC_OFF --> and <!-- SC_ON --> markers (indexOf, not a pattern). */
function selfText(html: string): string | null {
  const start = html.indexOf('<!-- SC_OFF -->');
  if (start < 0) return null;
  const end = html.indexOf('<!-- SC_ON -->', start);
  return end < 0 ? null : html.slice(start + 15, end).trim() || null;
}

/** Maps a subreddit's Atom feed to items (no counts: the feed has none). */
export function parseRedditAtom(feed: AtomFeed.Feed<string>): FetchedItem[] {
  return (feed.entries ?? []).map((entry) => {
    const html = (entry.content?.value ?? '').slice(0, CONTENT_MAX);
    const links = anchors(html);
    const anchor = (label: string) => links.find((a) => a.text.trim() === label)?.href;
    const permalink = resolveUrl(entry.links?.[0]?.href ?? anchor('[comments]'), REDDIT_WEB);
    const linked = resolveUrl(anchor('[link]'), REDDIT_WEB);
    const isSelf = !linked || linked === permalink;
    const itemType = atomType(linked, isSelf);
    const external =
      itemType === 'article' || (itemType === 'video' && !/v\.redd\.it/.test(linked ?? ''));
    return {
      guid: entry.id ?? permalink,
      url: (external ? linked : permalink) ?? permalink,
      title: entry.title?.value?.trim() || null,
      summaryHtml: selfText(html),
      imageUrl: entry.media?.thumbnails?.[0]?.url ?? null,
      author: entry.authors?.[0]?.name?.replace(/^\//, '') ?? null,
      publishedAt: entry.published ?? entry.updated ?? null,
      itemType,
      extra: {
        permalink,
        outboundUrl: isSelf ? null : linked,
        subreddit: entry.categories?.[0]?.label ?? null,
      },
    };
  });
}

function atomType(linked: string | null, isSelf: boolean): ItemType {
  if (isSelf || !linked) return 'social_post';
  const url = new URL(linked);
  if (/(^|\.)v\.redd\.it$|(^|\.)youtube\.com$|^youtu\.be$/.test(url.hostname)) return 'video';
  if (
    /^i\.redd\.it$|^i\.imgur\.com$/.test(url.hostname) ||
    url.pathname.startsWith('/gallery/') ||
    /\.(jpe?g|png|gif|webp)$/i.test(url.pathname)
  ) {
    return 'image';
  }
  return 'article';
}

// ---------- fetch ----------

/** Reddit's own words for the errors users meet most. */
function checkReddit(res: HttpResponse): void {
  if (res.status === 403) {
    throw new SourceFetchError(
      'Reddit blocked the request (403). Reddit refuses many anonymous requests; an administrator can set REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET to use the Reddit API.',
      { status: 403, retryAfterSeconds: retryAfterSeconds(res.headers) },
    );
  }
  if (res.status === 429) {
    const reset = count(res.headers.get('x-ratelimit-reset'));
    throw new SourceFetchError(
      'Reddit rate limit reached (429). The source will be retried later.',
      {
        status: 429,
        retryAfterSeconds:
          retryAfterSeconds(res.headers) ?? (reset === undefined ? undefined : Math.ceil(reset)),
      },
    );
  }
  ensureOk(res, 'the subreddit');
}

interface Token {
  value: string;
  expiresAt: number;
}
const tokens = new Map<string, Token>();

/** Forget cached OAuth tokens (tests, credential changes). */
export function resetRedditTokenCache(): void {
  tokens.clear();
}

async function appToken(ctx: FetchContext, clientId: string, secret: string): Promise<string> {
  const key = `${ctx.config.redditBaseUrl}|${clientId}`;
  const cached = tokens.get(key);
  if (cached && cached.expiresAt > ctx.now.getTime()) return cached.value;
  const res = await ctx.http.request(`${ctx.config.redditBaseUrl}/api/v1/access_token`, {
    method: 'POST',
    body: 'grant_type=client_credentials',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': redditUserAgent(ctx.config.userAgent),
    },
  });
  if (res.status === 401) {
    throw new SourceFetchError(
      'Reddit rejected the app credentials (401): check REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET',
      { status: 401 },
    );
  }
  checkReddit(res);
  const body = RedditTokenSchema.safeParse(parseJson(res.text, 'the Reddit token'));
  if (!body.success) throw new SourceFetchError('Reddit did not return an access token');
  const value = body.data.access_token;
  const lifetime = body.data.expires_in ?? 3600;
  // Renew a minute early so a token never expires mid-refresh.
  tokens.set(key, { value, expiresAt: ctx.now.getTime() + Math.max(0, lifetime - 60) * 1000 });
  return value;
}

async function fetchListing(
  ctx: FetchContext,
  target: SubredditTarget,
  clientId: string,
  secret: string,
): Promise<FetchResult> {
  const token = await appToken(ctx, clientId, secret);
  const url = `${ctx.config.redditOauthBaseUrl}/r/${target.subreddit}/${target.sort ?? 'hot'}?limit=50&raw_json=1`;
  const res = await ctx.http.get(url, {
    headers: {
      authorization: `bearer ${token}`,
      'user-agent': redditUserAgent(ctx.config.userAgent),
      accept: 'application/json',
    },
  });
  if (res.status === 401) tokens.clear();
  checkReddit(res);
  return {
    items: parseRedditListing(parseJson(res.text, 'the Reddit listing')),
    title: `r/${target.subreddit}`,
  };
}

async function fetchAtom(ctx: FetchContext, target: SubredditTarget): Promise<FetchResult> {
  const path = target.sort
    ? `/r/${target.subreddit}/${target.sort}/.rss`
    : `/r/${target.subreddit}/.rss`;
  const http = ctx.http;
  const withUa: FetchContext = {
    ...ctx,
    http: {
      get: async (url, options) => {
        const res = await http.get(url, {
          ...options,
          headers: { ...options?.headers, 'user-agent': redditUserAgent(ctx.config.userAgent) },
        });
        checkReddit(res);
        return res;
      },
      request: (url, options) => http.request(url, options),
    },
  };
  return fetchFeed(withUa, `${ctx.config.redditBaseUrl}${path}`, (text) => {
    let parsed;
    try {
      parsed = parseFeedDocument(text);
    } catch (error) {
      if (error instanceof SourceFetchError && error.message === NOT_A_FEED) {
        throw new SourceFetchError(
          'Reddit returned a web page instead of the feed (a login or block page)',
        );
      }
      throw error;
    }
    if (parsed.format !== 'atom') throw new SourceFetchError('Not a Reddit feed');
    return {
      title: parsed.feed.title?.value ?? `r/${target.subreddit}`,
      items: parseRedditAtom(parsed.feed),
    };
  });
}

export const redditFetcher: Fetcher = {
  type: 'reddit',
  async fetch(ctx) {
    const target = parseSubredditUrl(ctx.source.url);
    const { redditClientId: id, redditClientSecret: secret } = ctx.config;
    return id && secret ? fetchListing(ctx, target, id, secret) : fetchAtom(ctx, target);
  },
};
