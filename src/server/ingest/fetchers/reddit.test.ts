import type { AtomFeed } from 'feedsmith';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FixtureServer, readFixture } from '../../../../test/helpers/fixture-server';
import { SourceFetchError } from '../types';
import { parseFeedDocument } from './feed-parse';
import {
  parseRedditAtom,
  parseRedditListing,
  parseSubredditUrl,
  redditFetcher,
  redditUserAgent,
  resetRedditTokenCache,
} from './reddit';
import { testContext } from './test-support';

const fixture = (name: string) => readFixture(name).toString('utf8');

describe('parseSubredditUrl', () => {
  it.each([
    ['https://www.reddit.com/r/space/', 'space', null],
    ['https://old.reddit.com/r/Astronomy', 'Astronomy', null],
    ['https://www.reddit.com/r/spacex/hot/', 'spacex', 'hot'],
    ['https://new.reddit.com/r/space/new', 'space', 'new'],
    ['https://reddit.com/r/space/comments/abc/x/', 'space', null],
    ['https://www.reddit.com/r/space/.rss', 'space', null],
    ['r/astrophotography', 'astrophotography', null],
  ])('%s → r/%s (%s)', (url, subreddit, sort) => {
    expect(parseSubredditUrl(url)).toEqual({ subreddit, sort });
  });

  it.each(['https://www.example.com/r/space', 'https://www.reddit.com/user/someone', 'space'])(
    'rejects %s',
    (url) => {
      expect(() => parseSubredditUrl(url)).toThrow(SourceFetchError);
    },
  );
});

describe('redditUserAgent', () => {
  it('wraps a generic UA in Reddit’s platform:app:version form and keeps one already in it', () => {
    expect(redditUserAgent('AstroDash/0.1 (+https://x)')).toBe(
      'server:astrodash:0.1.0 (self-hosted news reader; AstroDash/0.1 (+https://x))',
    );
    expect(redditUserAgent('linux:org.example.astro:1.2 (by /u/stargazer)')).toBe(
      'linux:org.example.astro:1.2 (by /u/stargazer)',
    );
  });
});

describe('parseRedditListing (OAuth JSON, raw_json=1)', () => {
  const items = parseRedditListing(JSON.parse(fixture('reddit-subreddit-listing.json')));
  const byGuid = (guid: string) => items.find((i) => i.guid === guid)!;

  it('maps all 8 posts with counts', () => {
    expect(items).toHaveLength(8);
    expect(byGuid('t3_1sk0jaq').engagement).toEqual({ score: 25786, comments: 575 });
  });

  it.each([
    [
      't3_1skl1i1',
      'video',
      'https://www.reddit.com/r/StupidFood/comments/1skl1i1/a_medium_rare_steak/',
    ],
    [
      't3_1skii2f',
      'image',
      'https://www.reddit.com/r/AccidentalRenaissance/comments/1skii2f/the_fall_of_bacchus/',
    ],
    [
      't3_1skh6dk',
      'image',
      'https://www.reddit.com/r/Overwatch/comments/1skh6dk/ramattra_x_diablo_4_collab_skin/',
    ],
  ])('%s is %s and links to its permalink', (guid, type, url) => {
    expect(byGuid(guid)).toMatchObject({ itemType: type, url, extra: { permalink: url } });
  });

  it('a hosted video: preview image, title, author, ISO date', () => {
    expect(byGuid('t3_1skl1i1')).toMatchObject({
      title: 'A medium rare "steak."',
      author: 'u/PrinceFlynn',
      publishedAt: new Date(1776108121 * 1000).toISOString(),
      extra: {
        outboundUrl: 'https://v.redd.it/dqm10oy4d0vg1',
        subreddit: 'r/StupidFood',
        domain: 'v.redd.it',
      },
    });
    expect(byGuid('t3_1skl1i1').imageUrl).toMatch(
      /^https:\/\/external-preview\.redd\.it\/bzM1NHJtejRkMHZnMYpB0quAB9L/,
    );
  });

  it('a gallery takes its first media_metadata image and keeps its self-text', () => {
    const gallery = byGuid('t3_1skh6dk');
    expect(gallery.imageUrl).toMatch(/^https:\/\/preview\.redd\.it\/l4qy0l5ppzug1\.jpg/);
    expect(gallery.summaryHtml).toContain('I don&#39;t know who this is');
  });

  it('leaves out the image of a spoiler post', () => {
    expect(byGuid('t3_1skef59').imageUrl).toBeNull();
  });

  it.each([
    [
      { is_self: true, selftext: 'Hello <world>', url: 'https://www.reddit.com/r/a/comments/x/' },
      'social_post',
      'https://www.reddit.com/r/a/comments/x/t/',
    ],
    [
      { post_hint: 'link', url: 'https://www.nasa.gov/news/' },
      'article',
      'https://www.nasa.gov/news/',
    ],
    [
      { post_hint: 'rich:video', url: 'https://www.youtube.com/watch?v=abc' },
      'video',
      'https://www.youtube.com/watch?v=abc',
    ],
  ])('synthetic post %j → %s at %s', (data, type, url) => {
    const [item] = parseRedditListing({
      kind: 'Listing',
      data: {
        children: [
          {
            kind: 't3',
            data: {
              name: 't3_x',
              title: 't',
              permalink: '/r/a/comments/x/t/',
              thumbnail: 'self',
              ...data,
            },
          },
        ],
      },
    });
    expect(item).toMatchObject({ itemType: type, url, imageUrl: null });
    expect(item.summaryHtml === 'Hello &lt;world&gt;').toBe(type === 'social_post');
  });
});

describe('parseRedditAtom (anonymous feed)', () => {
  const parsed = parseFeedDocument(fixture('reddit-subreddit.rss.xml'));
  const items = parseRedditAtom(parsed.feed as AtomFeed.Feed<string>);

  it('maps 25 entries; a self post is a social_post with its self-text and the permalink', () => {
    expect(items).toHaveLength(25);
    expect(items[0]).toMatchObject({
      guid: 't3_157kyrd',
      title: 'Any reason to keep 1G connections to my servers?',
      url: 'https://ud.reddit.com/r/homelab/comments/157kyrd/any_reason_to_keep_1g_connections_to_my_servers/',
      author: 'u/Remarkable_Housing61',
      publishedAt: '2023-07-23T17:38:30+00:00',
      itemType: 'social_post',
      extra: { subreddit: 'r/homelab', outboundUrl: null },
    });
    expect(items[0].summaryHtml).toMatch(
      /^<div class="md"><p>Hello all, I recently acquired a 40G switch/,
    );
    expect(items[0].summaryHtml).not.toContain('submitted by');
  });

  it('a post with a thumbnail keeps it as the image', () => {
    expect(items.find((i) => i.guid === 't3_157bhrw')?.imageUrl).toBe(
      'https://b.thumbs.redditmedia.com/_MXt-0n8VXQc-EQ7Q0vFioALFWFITAgVWu4Wf8dThhU.jpg',
    );
  });

  it.each([
    ['https://i.redd.it/abc.jpeg', 'image', 'permalink'],
    ['https://v.redd.it/abc', 'video', 'permalink'],
    ['https://www.youtube.com/watch?v=abc', 'video', 'outbound'],
    ['https://spacenews.com/story/', 'article', 'outbound'],
  ])('a link post to %s is %s and opens the %s', (link, type, target) => {
    const permalink = 'https://www.reddit.com/r/space/comments/1/x/';
    const xml = `<feed xmlns="http://www.w3.org/2005/Atom"><title>r/space</title><id>x</id><entry><id>t3_1</id><title>T</title>
<link href="${permalink}"/><updated>2026-07-01T00:00:00+00:00</updated>
<content type="html">&lt;span&gt;&lt;a href="${link}"&gt;[link]&lt;/a&gt;&lt;/span&gt; &lt;span&gt;&lt;a href="${permalink}"&gt;[comments]&lt;/a&gt;&lt;/span&gt;</content></entry></feed>`;
    const [item] = parseRedditAtom(parseFeedDocument(xml).feed as AtomFeed.Feed<string>);
    expect(item.itemType).toBe(type);
    expect(item.url).toBe(target === 'outbound' ? link : permalink);
    expect(item.extra?.outboundUrl).toBe(link);
  });
});

describe('redditFetcher.fetch', () => {
  let server: FixtureServer;
  let tokenCalls = 0;
  beforeAll(async () => {
    server = await FixtureServer.start();
    server
      .route('/r/homelab/.rss', { file: 'reddit-subreddit.rss.xml', etag: '"r1"' })
      .route('/r/homelab/new/.rss', { file: 'reddit-subreddit.rss.xml' })
      .route('/r/blocked/.rss', {
        status: 403,
        body: '<html><body>Blocked</body></html>',
        type: 'text/html',
      })
      .route('/r/busy/.rss', {
        status: 429,
        body: 'Too Many Requests',
        headers: { 'retry-after': '90' },
      })
      .route('/r/login/.rss', { file: 'html-page-not-a-feed.html' })
      .route('/api/v1/access_token', (req, res) => {
        tokenCalls += 1;
        const expected = `Basic ${Buffer.from('my-id:my-secret').toString('base64')}`;
        if (req.headers.authorization !== expected) {
          res
            .writeHead(401, { 'content-type': 'application/json' })
            .end('{"message": "Unauthorized", "error": 401}');
          return;
        }
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(
            '{"access_token": "tok-123", "token_type": "bearer", "expires_in": 86400, "scope": "*"}',
          );
      })
      .route('/r/popular/hot', (req, res) => {
        if (req.headers.authorization !== 'bearer tok-123') {
          res.writeHead(401).end();
          return;
        }
        res
          .writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-remaining': '997.0' })
          .end(readFixture('reddit-subreddit-listing.json'));
      })
      .route('/r/throttled/hot', {
        status: 429,
        body: '{"message": "Too Many Requests", "error": 429}',
        headers: { 'x-ratelimit-reset': '42' },
      });
  });
  afterAll(() => server.close());
  beforeEach(() => resetRedditTokenCache());

  const atomEnv = () => ({ REDDIT_BASE_URL: server.url });
  const oauthEnv = (secret = 'my-secret') => ({
    REDDIT_BASE_URL: server.url,
    REDDIT_OAUTH_BASE_URL: server.url,
    REDDIT_CLIENT_ID: 'my-id',
    REDDIT_CLIENT_SECRET: secret,
  });

  it('reads the Atom feed by default with a Reddit-style User-Agent and a conditional GET', async () => {
    const result = await redditFetcher.fetch(
      testContext({ url: 'https://www.reddit.com/r/homelab/', sourceType: 'reddit' }, atomEnv()),
    );
    expect(result.items).toHaveLength(25);
    expect(result).toMatchObject({ title: 'newest submissions : homelab', etag: '"r1"' });
    expect(server.requests.at(-1)?.headers['user-agent']).toMatch(/^server:astrodash:0\.1\.0 \(/);
    const again = await redditFetcher.fetch(
      testContext(
        { url: 'https://www.reddit.com/r/homelab/', sourceType: 'reddit', etag: '"r1"' },
        atomEnv(),
      ),
    );
    expect(again.notModified).toBe(true);
  });

  it('keeps the sort of the URL', async () => {
    const before = server.hits('/r/homelab/new/.rss');
    await redditFetcher.fetch(
      testContext(
        { url: 'https://old.reddit.com/r/homelab/new/', sourceType: 'reddit' },
        atomEnv(),
      ),
    );
    expect(server.hits('/r/homelab/new/.rss')).toBe(before + 1);
  });

  it.each([
    ['blocked', 403, /^Reddit blocked the request \(403\)/, undefined],
    ['busy', 429, /^Reddit rate limit reached \(429\)/, 90],
  ])('r/%s: %d becomes a clear error with backoff data', async (sub, status, message, retry) => {
    const error = await redditFetcher
      .fetch(
        testContext({ url: `https://www.reddit.com/r/${sub}/`, sourceType: 'reddit' }, atomEnv()),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceFetchError);
    expect((error as SourceFetchError).message).toMatch(message);
    expect((error as SourceFetchError).options).toEqual({ status, retryAfterSeconds: retry });
  });

  it('explains a login page served instead of the feed', async () => {
    await expect(
      redditFetcher.fetch(
        testContext({ url: 'https://www.reddit.com/r/login/', sourceType: 'reddit' }, atomEnv()),
      ),
    ).rejects.toThrow('Reddit returned a web page instead of the feed (a login or block page)');
  });

  it('with app credentials: gets a token once, then reads the JSON listing with counts', async () => {
    const before = tokenCalls;
    const ctx = testContext(
      { url: 'https://www.reddit.com/r/popular/', sourceType: 'reddit' },
      oauthEnv(),
    );
    const first = await redditFetcher.fetch(ctx);
    const second = await redditFetcher.fetch(ctx);
    expect(tokenCalls).toBe(before + 1);
    expect(first.items).toHaveLength(8);
    expect(second.items[0].engagement).toEqual({ score: 714, comments: 428 });
    const listingRequest = server.requests
      .filter((r) => r.path.startsWith('/r/popular/hot'))
      .at(-1);
    expect(listingRequest?.path).toBe('/r/popular/hot?limit=50&raw_json=1');
    const tokenRequest = server.requests.find((r) => r.path === '/api/v1/access_token');
    expect(tokenRequest?.method).toBe('POST');
  });

  it('reports wrong app credentials', async () => {
    await expect(
      redditFetcher.fetch(
        testContext(
          { url: 'https://www.reddit.com/r/popular/', sourceType: 'reddit' },
          oauthEnv('wrong'),
        ),
      ),
    ).rejects.toThrow(
      'Reddit rejected the app credentials (401): check REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET',
    );
  });

  it('a throttled listing retries after x-ratelimit-reset', async () => {
    const error = await redditFetcher
      .fetch(
        testContext(
          { url: 'https://www.reddit.com/r/throttled/', sourceType: 'reddit' },
          oauthEnv(),
        ),
      )
      .catch((e: unknown) => e);
    expect((error as SourceFetchError).options).toEqual({ status: 429, retryAfterSeconds: 42 });
  });
});
