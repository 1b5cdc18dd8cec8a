// The Reddit JSON we read, as zod schemas: a Listing of t3 (link) children
// (GET /r/{sub}/{sort}?raw_json=1) and the app-only OAuth token answer. Every
// field is optional and a wrong-typed one reads as missing, so one odd post
// never loses the others; a child that is not an object is skipped.
import { z } from 'zod';

const text = z.string().nullish().catch(null);
const flag = z.boolean().nullish().catch(null);
/** Counts arrive as numbers, sometimes as numeric strings. */
const num = z.coerce.number().finite().nullish().catch(null);

const imageSource = z.object({ url: text }).nullish().catch(null);
const mediaMetadataEntry = z.object({ s: z.object({ u: text, gif: text }).nullish().catch(null) });

export const RedditPostSchema = z.object({
  id: text,
  name: text,
  title: text,
  permalink: text,
  url: text,
  url_overridden_by_dest: text,
  selftext: text,
  selftext_html: text,
  author: text,
  created_utc: num,
  score: num,
  num_comments: num,
  subreddit: text,
  subreddit_name_prefixed: text,
  domain: text,
  link_flair_text: text,
  post_hint: text,
  thumbnail: text,
  is_self: flag,
  is_video: flag,
  is_gallery: flag,
  over_18: flag,
  spoiler: flag,
  promoted: flag,
  preview: z
    .object({ images: z.array(z.object({ source: imageSource })).catch([]) })
    .nullish()
    .catch(null),
  media_metadata: z
    .record(z.string(), mediaMetadataEntry.catch({ s: null }))
    .nullish()
    .catch(null),
});
export type RedditPost = z.infer<typeof RedditPostSchema>;

export const RedditChildSchema = z.object({ kind: z.string(), data: RedditPostSchema });

export const RedditListingSchema = z.object({
  data: z.object({ children: z.array(z.unknown()).catch([]) }),
});

export const RedditTokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: num,
});
