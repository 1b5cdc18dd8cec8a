import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer, readFixture } from '../../../../test/helpers/fixture-server';
import { SourceFetchError } from '../types';
import {
  blueskyFetcher,
  blueskyPostToItem,
  parseBlueskyActor,
  parseBlueskyAuthorFeed,
} from './bluesky';
import { testContext } from './test-support';

const json = (name: string) =>
  JSON.parse(readFixture(name).toString('utf8')) as Record<string, unknown>;

describe('parseBlueskyActor', () => {
  it.each([
    ['https://bsky.app/profile/nasa.gov', 'nasa.gov'],
    ['https://bsky.app/profile/NASA.gov/post/3lix6ufungs22', 'nasa.gov'],
    [
      'https://bsky.app/profile/did:plc:6wpkkitfdkgthatfvspcfmjo',
      'did:plc:6wpkkitfdkgthatfvspcfmjo',
    ],
    ['dril.bsky.social', 'dril.bsky.social'],
    ['@dril.bsky.social', 'dril.bsky.social'],
    [' @esa.int ', 'esa.int'],
  ])('%s → %s', (input, actor) => {
    expect(parseBlueskyActor(input)).toBe(actor);
  });

  it.each(['https://bsky.app/search?q=space', 'not a handle', '@nodot', 'https://bsky.app/'])(
    'rejects %s',
    (input) => {
      expect(() => parseBlueskyActor(input)).toThrow(SourceFetchError);
    },
  );
});

describe('parseBlueskyAuthorFeed on the recorded getAuthorFeed', () => {
  const { title, items } = parseBlueskyAuthorFeed(json('bluesky-get-author-feed.json'));

  it('maps the 5 posts as social posts with bsky.app links and counts', () => {
    expect(title).toBe('wint');
    expect(items).toHaveLength(5);
    expect(items[0]).toMatchObject({
      guid: 'at://did:plc:6wpkkitfdkgthatfvspcfmjo/app.bsky.feed.post/3lix6ufungs22',
      url: 'https://bsky.app/profile/dril.bsky.social/post/3lix6ufungs22',
      publishedAt: '2025-02-24T20:30:07.343Z',
      itemType: 'social_post',
      imageUrl: null,
      engagement: { likes: 8172, reposts: 951, replies: 105, quotes: 17 },
      extra: {
        handle: 'dril.bsky.social',
        did: 'did:plc:6wpkkitfdkgthatfvspcfmjo',
        isReply: false,
      },
    });
    expect(items[0].title?.startsWith('ai wrote my son a very impressive resume')).toBe(true);
    expect(items[0].title!.length).toBeLessThanOrEqual(120);
  });

  it('takes the fullsize picture of an image post and keeps it a social_post', () => {
    const image = items.find((i) => i.url?.endsWith('/3litgermucc2h'))!;
    expect(image).toMatchObject({
      title: 'j dawg funny moments',
      summaryHtml: 'j dawg funny moments',
      itemType: 'social_post',
    });
    expect(image.imageUrl).toMatch(
      /^https:\/\/cdn\.bsky\.app\/img\/feed_fullsize\/plain\/did:plc:6wpkkitfdkgthatfvspcfmjo\//,
    );
  });

  it('keeps a reply in the author’s own thread, flagged', () => {
    expect(items.find((i) => i.url?.endsWith('/3liphfrnb7c2n'))?.extra?.isReply).toBe(true);
  });

  it('skips reposts of other accounts and duplicate posts (a pinned post seen twice)', () => {
    const payload = json('bluesky-get-author-feed.json');
    const feed = payload.feed as Record<string, unknown>[];
    const repost = {
      ...feed[1],
      reason: { $type: 'app.bsky.feed.defs#reasonRepost', by: { handle: 'dril.bsky.social' } },
    };
    const pinned = { ...feed[0], reason: { $type: 'app.bsky.feed.defs#reasonPin' } };
    const result = parseBlueskyAuthorFeed({
      feed: [pinned, ...feed.slice(0, 1), repost, ...feed.slice(2)],
    });
    expect(result.items.map((i) => i.url?.split('/').pop())).toEqual([
      '3lix6ufungs22',
      '3lirwer3l4s2r',
      '3liphfrnb7c2n',
      '3liphb4l7m22n',
    ]);
  });
});

describe('blueskyPostToItem on embed variety (getPostThread)', () => {
  it('an empty-text post with recordWithMedia images gets a fallback title and the media image', () => {
    const thread = json('bluesky-get-post-thread.json').thread as Record<string, unknown>;
    const item = blueskyPostToItem(thread.post)!;
    expect(item).toMatchObject({
      title: 'Post by Python SDK',
      url: 'https://bsky.app/profile/test.marshal.dev/post/3kaheyt6vpc22',
      summaryHtml: null,
      engagement: { likes: 0, reposts: 0 },
    });
    expect(item.imageUrl).toMatch(
      /feed_fullsize\/plain\/did:plc:kvwvcn5iqfooopmyzvb4qzba\/bafkreic3cp5ky525vsukjvrzxsc2h3jka2gud74l2hgeatw2rhj2qycnmq@jpeg$/,
    );
  });

  it.each([
    [
      {
        $type: 'app.bsky.embed.external#view',
        external: { uri: 'https://esa.int/x', title: 'ESA', thumb: 'https://cdn.bsky.app/t.jpg' },
      },
      'https://cdn.bsky.app/t.jpg',
    ],
    [
      {
        $type: 'app.bsky.embed.video#view',
        playlist: 'https://video.bsky.app/p.m3u8',
        thumbnail: 'https://video.bsky.app/thumb.jpg',
      },
      'https://video.bsky.app/thumb.jpg',
    ],
    [{ $type: 'app.bsky.embed.record#view', record: {} }, null],
  ])('embed %j → image %s', (embed, image) => {
    const item = blueskyPostToItem({
      uri: 'at://did:plc:x/app.bsky.feed.post/abc',
      author: { did: 'did:plc:x', handle: 'esa.int', displayName: 'ESA' },
      record: { text: 'Line one of a long post\nline two', createdAt: '2026-07-01T00:00:00Z' },
      embed,
    })!;
    expect(item.imageUrl).toBe(image);
    expect(item.title).toBe('Line one of a long post');
    expect(item.summaryHtml).toBe('Line one of a long post<br>line two');
  });
});

describe('blueskyFetcher.fetch', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await FixtureServer.start();
    server.route('/xrpc/app.bsky.feed.getAuthorFeed', (_req, res, url) => {
      const actor = url.searchParams.get('actor');
      if (
        actor === 'dril.bsky.social' &&
        url.searchParams.get('filter') === 'posts_no_replies' &&
        url.searchParams.get('limit') === '50'
      ) {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(readFixture('bluesky-get-author-feed.json'));
      } else if (actor === 'busy.bsky.social') {
        res
          .writeHead(429, { 'retry-after': '300' })
          .end('{"error":"RateLimitExceeded","message":"Rate Limit Exceeded"}');
      } else {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end('{"error":"InvalidRequest","message":"Profile not found"}');
      }
    });
  });
  afterAll(() => server.close());

  it.each(['https://bsky.app/profile/dril.bsky.social', '@dril.bsky.social', 'dril.bsky.social'])(
    'fetches %s',
    async (url) => {
      const result = await blueskyFetcher.fetch(
        testContext({ url, sourceType: 'bluesky' }, { BLUESKY_APPVIEW_URL: server.url }),
      );
      expect(result.items).toHaveLength(5);
      expect(result.title).toBe('wint');
    },
  );

  it('explains an unknown profile', async () => {
    await expect(
      blueskyFetcher.fetch(
        testContext(
          { url: '@nobody.bsky.social', sourceType: 'bluesky' },
          { BLUESKY_APPVIEW_URL: server.url },
        ),
      ),
    ).rejects.toThrow('Bluesky could not load @nobody.bsky.social: Profile not found');
  });

  it('passes on the rate limit with its Retry-After', async () => {
    const error = await blueskyFetcher
      .fetch(
        testContext(
          { url: '@busy.bsky.social', sourceType: 'bluesky' },
          { BLUESKY_APPVIEW_URL: server.url },
        ),
      )
      .catch((e: unknown) => e);
    expect((error as SourceFetchError).options).toEqual({ status: 429, retryAfterSeconds: 300 });
  });
});
