// Every fetcher that calls upstream once through the real guarded HTTP client (SSRF
// guard with private targets allowed, redirects, decoding), to prove the fetchers honour
// its contract. (rocket_launch reads the launch store; launches/ polls LL2: its tests.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../../../../test/helpers/fixture-server';
import type { SourceType } from '../../../shared/constants';
import { createGuardedHttp, type GuardedHttpClient } from '../../net/guarded-http';
import type { Fetcher } from '../types';
import { blueskyFetcher } from './bluesky';
import { customFetcher } from './custom';
import { googleNewsFetcher } from './google-news';
import { redditFetcher } from './reddit';
import { rssFetcher } from './rss';
import { testContext } from './test-support';
import { youtubeFetcher } from './youtube';

describe('fetchers through the guarded HTTP client', () => {
  let server: FixtureServer;
  let http: GuardedHttpClient;
  let env: Record<string, string>;

  beforeAll(async () => {
    server = await FixtureServer.start();
    env = {
      YOUTUBE_BASE_URL: server.url,
      REDDIT_BASE_URL: server.url,
      BLUESKY_APPVIEW_URL: server.url,
    };
    http = createGuardedHttp(testContext({ url: 'x', sourceType: 'rss' }, env).config);
    server
      .route('/nasa.rss', { file: 'rss2-nasa-breaking-news-legacy.xml', etag: '"n1"' })
      .route('/@pbsspacetime', { file: 'youtube-channel-page-handle.html' })
      .route('/feeds/videos.xml', { file: 'youtube-channel-pbs-spacetime-minimal.xml' })
      .route('/r/homelab/.rss', { file: 'reddit-subreddit.rss.xml' })
      .route('/xrpc/app.bsky.feed.getAuthorFeed', { file: 'bluesky-get-author-feed.json' })
      .route('/rss/search', { file: 'google-news-search.rss.xml' })
      .route('/sky/', { file: 'custom-page-with-feed-link.html' })
      .route('/feeds/sky.xml', { file: 'rss2-podcast-relative-links.xml' });
  });
  afterAll(async () => {
    await http.close();
    await server.close();
  });

  it.each<[SourceType, Fetcher, string, number]>([
    ['rss', rssFetcher, '/nasa.rss', 10],
    ['youtube', youtubeFetcher, 'https://www.youtube.com/@pbsspacetime', 1],
    ['reddit', redditFetcher, 'https://www.reddit.com/r/homelab/', 25],
    ['bluesky', blueskyFetcher, 'https://bsky.app/profile/dril.bsky.social', 5],
    ['google_news', googleNewsFetcher, '/rss/search?q=x', 35],
    ['custom', customFetcher, '/sky/', 3],
  ])('%s', async (sourceType, fetcher, url, n) => {
    const ctx = testContext(
      { url: url.startsWith('/') ? `${server.url}${url}` : url, sourceType },
      env,
      http,
    );
    const result = await fetcher.fetch(ctx);
    expect(result.items).toHaveLength(n);
  });

  it('a 304 through the guarded client is notModified', async () => {
    const ctx = testContext(
      { url: `${server.url}/nasa.rss`, sourceType: 'rss', etag: '"n1"' },
      env,
      http,
    );
    expect(await rssFetcher.fetch(ctx)).toMatchObject({
      notModified: true,
      items: [],
      etag: '"n1"',
    });
  });

  it('the Reddit request carries the Reddit-style User-Agent', async () => {
    await redditFetcher.fetch(
      testContext({ url: 'https://www.reddit.com/r/homelab/', sourceType: 'reddit' }, env, http),
    );
    const request = server.requests.filter((r) => r.path === '/r/homelab/.rss').at(-1);
    expect(request?.headers['user-agent']).toMatch(/^server:astrodash:/);
  });
});
