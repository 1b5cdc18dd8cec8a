// The shapes AstroDash reads from Bluesky's AppView (app.bsky.feed.getAuthorFeed,
// and the PostView inside getPostThread), as zod schemas. Lenient where the
// lexicon lets fields vary: a field of the wrong type reads as absent, so one odd
// field does not drop a post; a post without its uri or author is skipped.
// Recorded payloads: test/fixtures/recorded/bluesky-*.json.
import { z } from 'zod';

const text = z.string().optional().catch(undefined);
const counter = z.number().int().nonnegative().optional().catch(undefined);

const Image = z.object({ thumb: text, fullsize: text });

/** The media half of an embed view: images, a video or a link card. */
const MediaView = z.object({
  $type: z.string().catch(''),
  images: z.array(Image.catch({})).optional().catch(undefined),
  thumbnail: text,
  external: z.object({ uri: text, title: text, thumb: text }).optional().catch(undefined),
});

/** app.bsky.embed.*#view; recordWithMedia carries its media one level down. */
export const EmbedView = MediaView.extend({
  media: MediaView.optional().catch(undefined),
});
export type EmbedView = z.infer<typeof EmbedView>;

export const PostView = z.object({
  uri: z.string().min(1),
  author: z.object({ did: text, handle: text, displayName: text }),
  record: z
    .object({ text, createdAt: text, reply: z.unknown().optional() })
    .catch({ text: undefined, createdAt: undefined }),
  embed: EmbedView.optional().catch(undefined),
  indexedAt: text,
  likeCount: counter,
  repostCount: counter,
  replyCount: counter,
  quoteCount: counter,
});
export type PostView = z.infer<typeof PostView>;

/** One entry of getAuthorFeed: the post, and why it is there (a repost, a pin). */
export const FeedViewPost = z.object({
  post: z.unknown(),
  reason: z.object({ $type: text }).optional().catch(undefined),
});

export const AuthorFeed = z.object({
  feed: z.array(z.unknown()).catch([]),
  cursor: text,
});

/** XRPC error body ({error, message}). */
export const XrpcError = z.object({ error: text, message: text }).catch({});
