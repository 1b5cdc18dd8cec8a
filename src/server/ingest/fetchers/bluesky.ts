// bluesky: a profile URL (https://bsky.app/profile/{handle-or-did}) or a bare handle / @handle / DID.
// Reads the public AppView's author feed (no auth):
//   {blueskyAppviewUrl}/xrpc/app.bsky.feed.getAuthorFeed?actor=…&limit=50&filter=posts_no_replies
// (that filter still keeps the author's replies in their own threads).
// Posts are social_post items: title = the first line of the text (posts have no title),
// summary = the text, image = the first embedded image (fullsize), video thumbnail or link-card
// thumbnail; likes, reposts, replies and quotes → engagement.
// Reposts of other accounts' posts are skipped: a source is one account's own voice, and a
// repost would otherwise appear under this source with someone else's text and counts.
import type { BlueskyExtra } from '../../../shared/item-extra';
import { SourceFetchError, type FetchedItem, type Fetcher } from '../types';
import { AuthorFeed, FeedViewPost, PostView, XrpcError, type EmbedView } from './bluesky-schema';
import { ensureOk, firstLine, parseJson, textToHtml, tryJson } from './util';

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
function embedImage(
  embed: Omit<EmbedView, 'media'> & { media?: EmbedView['media'] },
): string | null {
  const type = embed.$type;
  if (type.startsWith('app.bsky.embed.images')) {
    const first = embed.images?.[0];
    return first?.fullsize ?? first?.thumb ?? null;
  }
  if (type.startsWith('app.bsky.embed.video')) return embed.thumbnail ?? null;
  if (type.startsWith('app.bsky.embed.external')) return embed.external?.thumb ?? null;
  if (type.startsWith('app.bsky.embed.recordWithMedia') && embed.media)
    return embedImage(embed.media);
  return null;
}

/** Maps one PostView (from getAuthorFeed or getPostThread) to an item; null when it is not a post. */
export function blueskyPostToItem(value: unknown): FetchedItem | null {
  const parsed = PostView.safeParse(value);
  if (!parsed.success) return null;
  const post = parsed.data;
  const { author, record } = post;
  const handle = author.handle ?? author.did;
  if (!handle) return null;
  const rkey = post.uri.split('/').pop();
  const text = (record.text ?? '').trim();
  const external = post.embed?.external;
  const name = author.displayName?.trim() || `@${handle}`;
  return {
    guid: post.uri,
    url: `https://bsky.app/profile/${handle}/post/${rkey}`,
    title: text ? firstLine(text, 120) : (external?.title ?? `Post by ${name}`),
    summaryHtml: textToHtml(text),
    imageUrl: post.embed ? embedImage(post.embed) : null,
    author: name,
    publishedAt: record.createdAt ?? post.indexedAt ?? null,
    itemType: 'social_post',
    engagement: {
      likes: post.likeCount,
      reposts: post.repostCount,
      replies: post.replyCount,
      quotes: post.quoteCount,
    },
    extra: {
      handle,
      did: author.did ?? null,
      isReply: typeof record.reply === 'object' && record.reply !== null,
      linkUrl: external?.uri ?? null,
    } satisfies BlueskyExtra,
  };
}

/** Maps a getAuthorFeed response: own posts (pinned included), reposts of others skipped, one item per post. */
export function parseBlueskyAuthorFeed(payload: unknown): {
  title: string | null;
  items: FetchedItem[];
} {
  const { feed } = AuthorFeed.catch({ feed: [], cursor: undefined }).parse(payload);
  const seen = new Set<string>();
  const items: FetchedItem[] = [];
  let title: string | null = null;
  for (const entry of feed) {
    const parsed = FeedViewPost.safeParse(entry);
    if (!parsed.success || parsed.data.reason?.$type?.endsWith('#reasonRepost')) continue;
    const item = blueskyPostToItem(parsed.data.post);
    if (!item?.guid || seen.has(item.guid)) continue;
    seen.add(item.guid);
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
      const body = XrpcError.parse(tryJson(res.text));
      const message = body.message ?? body.error ?? 'Bad request';
      throw new SourceFetchError(`Bluesky could not load @${actor}: ${message}`, { status: 400 });
    }
    ensureOk(res, 'the Bluesky profile');
    return parseBlueskyAuthorFeed(parseJson(res.text, 'the Bluesky feed'));
  },
};
