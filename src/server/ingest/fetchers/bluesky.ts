// bluesky: a profile URL (https://bsky.app/profile/{handle-or-did}) or a bare handle / @handle / DID.
// Reads the public AppView's author feed (no auth):
//   {blueskyAppviewUrl}/xrpc/app.bsky.feed.getAuthorFeed?actor=…&limit=50&filter=posts_no_replies
// (that filter still keeps the author's replies in their own threads).
// Posts are social_post items: title = the first line of the text (posts have no title),
// summary = the text, image = the first embedded image (fullsize), video thumbnail or link-card
// thumbnail; likes, reposts, replies and quotes → engagement.
// Reposts of other accounts' posts are skipped: a source is one account's own voice, and a
// repost would otherwise appear under this source with someone else's text and counts.
import { SourceFetchError, type FetchedItem, type Fetcher } from '../types';
import {
  count,
  ensureOk,
  firstLine,
  isRecord,
  obj,
  parseJson,
  str,
  textToHtml,
  tryJson,
  type Obj,
} from './util';

const HANDLE = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]*$/i;
const DID = /^did:(plc|web):[a-z0-9._:%-]+$/i;

/** The actor (handle or DID) named by a profile URL or a bare handle. */
export function parseBlueskyActor(input: string): string {
  let value = input.trim();
  if (/^https?:\/\//i.test(value)) {
    const url = new URL(value);
    const match = /^\/profile\/([^/]+)/.exec(url.pathname);
    if (!match)
      throw new SourceFetchError(
        'Not a Bluesky profile URL: expected https://bsky.app/profile/{handle}',
      );
    value = decodeURIComponent(match[1]);
  }
  value = value.replace(/^@/, '');
  if (DID.test(value)) return value;
  if (HANDLE.test(value)) return value.toLowerCase();
  throw new SourceFetchError('Not a Bluesky handle or profile URL');
}

/** The picture to show for a post's hydrated embed view. */
function embedImage(embed: Obj): string | null {
  const type = str(embed.$type) ?? '';
  if (type.startsWith('app.bsky.embed.images')) {
    const first = obj(Array.isArray(embed.images) ? embed.images[0] : null);
    return str(first.fullsize) ?? str(first.thumb);
  }
  if (type.startsWith('app.bsky.embed.video')) return str(embed.thumbnail);
  if (type.startsWith('app.bsky.embed.external')) return str(obj(embed.external).thumb);
  if (type.startsWith('app.bsky.embed.recordWithMedia')) return embedImage(obj(embed.media));
  return null;
}

/** Maps one PostView (from getAuthorFeed or getPostThread) to an item. */
export function blueskyPostToItem(post: Obj): FetchedItem | null {
  const uri = str(post.uri);
  const author = obj(post.author);
  const record = obj(post.record);
  const handle = str(author.handle) ?? str(author.did);
  if (!uri || !handle) return null;
  const rkey = uri.split('/').pop();
  const text = (str(record.text) ?? '').trim();
  const embed = obj(post.embed);
  const external = obj(embed.external);
  const name = str(author.displayName)?.trim() || `@${handle}`;
  return {
    guid: uri,
    url: `https://bsky.app/profile/${handle}/post/${rkey}`,
    title: text ? firstLine(text, 120) : (str(external.title) ?? `Post by ${name}`),
    summaryHtml: textToHtml(text),
    imageUrl: embedImage(embed),
    author: name,
    publishedAt: str(record.createdAt) ?? str(post.indexedAt),
    itemType: 'social_post',
    engagement: {
      likes: count(post.likeCount),
      reposts: count(post.repostCount),
      replies: count(post.replyCount),
      quotes: count(post.quoteCount),
    },
    extra: {
      handle,
      did: str(author.did),
      isReply: isRecord(record.reply),
      linkUrl: str(external.uri),
    },
  };
}

/** Maps a getAuthorFeed response: own posts (pinned included), reposts of others skipped, one item per post. */
export function parseBlueskyAuthorFeed(payload: unknown): {
  title: string | null;
  items: FetchedItem[];
} {
  const feed = isRecord(payload) && Array.isArray(payload.feed) ? payload.feed : [];
  const seen = new Set<string>();
  const items: FetchedItem[] = [];
  let title: string | null = null;
  for (const entry of feed) {
    const e = obj(entry);
    if (str(obj(e.reason).$type)?.endsWith('#reasonRepost')) continue;
    const item = blueskyPostToItem(obj(e.post));
    if (!item || seen.has(item.guid!)) continue;
    seen.add(item.guid!);
    title ??= item.author ?? null;
    items.push(item);
  }
  return { title, items };
}

export const blueskyFetcher: Fetcher = {
  type: 'bluesky',
  async fetch(ctx) {
    const actor = parseBlueskyActor(ctx.source.url);
    const url = `${ctx.config.blueskyAppviewUrl}/xrpc/app.bsky.feed.getAuthorFeed?actor=${encodeURIComponent(actor)}&limit=50&filter=posts_no_replies`;
    const res = await ctx.http.get(url, { headers: { accept: 'application/json' } });
    if (res.status === 400) {
      const body = obj(tryJson(res.text));
      const message = str(body.message) ?? str(body.error) ?? 'Bad request';
      throw new SourceFetchError(`Bluesky could not load @${actor}: ${message}`, { status: 400 });
    }
    ensureOk(res, 'the Bluesky profile');
    return parseBlueskyAuthorFeed(parseJson(res.text, 'the Bluesky feed'));
  },
};
