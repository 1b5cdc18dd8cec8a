import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer, readFixture } from '../../../../test/helpers/fixture-server';
import type { AtomFeed } from 'feedsmith';
import { SourceFetchError } from '../types';
import { parseFeedDocument } from './feed-parse';
import { testContext } from './test-support';
import { extractChannelId, parseYoutubeFeed, parseYoutubeUrl, youtubeFetcher } from './youtube';

const fixture = (name: string) => readFixture(name).toString('utf8');
const atom = (name: string): AtomFeed.Feed<string> => {
  const parsed = parseFeedDocument(fixture(name));
  if (parsed.format !== 'atom') throw new Error('not atom');
  return parsed.feed;
};

describe('parseYoutubeFeed', () => {
  it('maps the PBS Space Time entry: video, thumbnail, description, views and likes', () => {
    const [item] = parseYoutubeFeed(atom('youtube-channel-pbs-spacetime-minimal.xml'));
    expect(item).toEqual({
      guid: 'yt:video:0A1ouV7iD8o',
      url: 'https://www.youtube.com/watch?v=0A1ouV7iD8o',
      title: 'Navigating with Quantum Entanglement',
      summaryHtml:
        'Check Out Weathered on PBS Terra https://www.youtube.com/watch?v=znSN7ZFIaOg&amp;ab_channel=PBSTerra',
      imageUrl: 'https://i1.ytimg.com/vi/0A1ouV7iD8o/hqdefault.jpg',
      author: 'PBS Space Time',
      publishedAt: '2020-12-22T19:15:01+00:00',
      itemType: 'video',
      engagement: { views: 304321, likes: 15020 },
      extra: { videoId: '0A1ouV7iD8o', channelId: 'UC7_gcs09iThXybpVgjHZ_7g', isShort: false },
    });
  });

  it('maps all 15 entries of the IFT channel with line breaks kept in descriptions', () => {
    const items = parseYoutubeFeed(atom('youtube-channel.xml'));
    expect(items).toHaveLength(15);
    expect(
      items.every(
        (i) => i.itemType === 'video' && i.url?.startsWith('https://www.youtube.com/watch?v='),
      ),
    ).toBe(true);
    expect(items[0].title).toBe(
      'El Brillante Futuro de la Física | Una Conversación con Álvaro de Rújula',
    );
    expect(items[0].imageUrl).toBe('https://i2.ytimg.com/vi/Elewn679CZI/hqdefault.jpg');
    expect(items[0].summaryHtml).toContain('<br><br>Charla en la Residencia');
    expect(items.every((i) => typeof i.engagement?.views === 'number')).toBe(true);
  });

  it('keeps a Shorts URL as given', () => {
    const xml = fixture('youtube-channel-pbs-spacetime-minimal.xml').replace(
      'https://www.youtube.com/watch?v=0A1ouV7iD8o',
      'https://www.youtube.com/shorts/0A1ouV7iD8o',
    );
    const parsed = parseFeedDocument(xml);
    const [item] = parseYoutubeFeed(parsed.feed as AtomFeed.Feed<string>);
    expect(item.url).toBe('https://www.youtube.com/shorts/0A1ouV7iD8o');
    expect(item.extra?.isShort).toBe(true);
  });
});

describe('parseYoutubeUrl', () => {
  it.each([
    [
      'https://www.youtube.com/channel/UC7_gcs09iThXybpVgjHZ_7g',
      'feed',
      '/feeds/videos.xml?channel_id=UC7_gcs09iThXybpVgjHZ_7g',
    ],
    [
      'https://youtube.com/channel/UC7_gcs09iThXybpVgjHZ_7g/videos',
      'feed',
      '/feeds/videos.xml?channel_id=UC7_gcs09iThXybpVgjHZ_7g',
    ],
    ['https://www.youtube.com/user/pbsspacetime', 'feed', '/feeds/videos.xml?user=pbsspacetime'],
    [
      'https://www.youtube.com/feeds/videos.xml?channel_id=UC7_gcs09iThXybpVgjHZ_7g',
      'feed',
      '/feeds/videos.xml?channel_id=UC7_gcs09iThXybpVgjHZ_7g',
    ],
    [
      'https://www.youtube.com/feeds/videos.xml?playlist_id=UU7_gcs09iThXybpVgjHZ_7g',
      'feed',
      '/feeds/videos.xml?playlist_id=UU7_gcs09iThXybpVgjHZ_7g',
    ],
    [
      'https://www.youtube.com/feeds/videos.xml?user=NASAtelevision',
      'feed',
      '/feeds/videos.xml?user=NASAtelevision',
    ],
    ['https://www.youtube.com/@pbsspacetime', 'page', '/@pbsspacetime'],
    ['https://m.youtube.com/@NASA/videos', 'page', '/@NASA'],
    ['https://www.youtube.com/c/pbsspacetime', 'page', '/c/pbsspacetime'],
  ])('%s → %s %s', (url, kind, path) => {
    expect(parseYoutubeUrl(url)).toEqual({ kind, path });
  });

  it.each([
    'https://vimeo.com/channels/staffpicks',
    'not a url',
    'https://www.youtube.com/watch?v=0A1ouV7iD8o',
    'http://127.0.0.1:8080/@pbsspacetime',
    'http://localhost/channel/UC7_gcs09iThXybpVgjHZ_7g',
  ])('rejects %s', (url) => {
    expect(() => parseYoutubeUrl(url)).toThrow(SourceFetchError);
  });

  it('accepts the host of the configured YOUTUBE_BASE_URL (a mirror, the fixture server)', () => {
    expect(parseYoutubeUrl('http://127.0.0.1:8080/@nasa', 'http://127.0.0.1:8080')).toEqual({
      kind: 'page',
      path: '/@nasa',
    });
    expect(() => parseYoutubeUrl('http://127.0.0.1:9/@nasa', 'http://127.0.0.1:8080')).toThrow(
      SourceFetchError,
    );
  });
});

describe('extractChannelId', () => {
  it.each([
    ['youtube-channel-page-handle.html', 'UC7_gcs09iThXybpVgjHZ_7g'],
    ['youtube-channel-page-json-only.html', 'UCLA_DiR1FfKNvjuUpBHmylQ'],
    ['html-page-not-a-feed.html', null],
  ])('%s → %s', (file, id) => {
    expect(extractChannelId(fixture(file))).toBe(id);
  });

  it('reads <meta itemprop="channelId">', () => {
    expect(extractChannelId('<meta itemprop="channelId" content="UCLA_DiR1FfKNvjuUpBHmylQ">')).toBe(
      'UCLA_DiR1FfKNvjuUpBHmylQ',
    );
  });
});

describe('youtubeFetcher.fetch', () => {
  let server: FixtureServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await FixtureServer.start();
    env = { YOUTUBE_BASE_URL: server.url };
    server
      .route('/feeds/videos.xml?channel_id=UC7_gcs09iThXybpVgjHZ_7g', {
        file: 'youtube-channel-pbs-spacetime-minimal.xml',
        etag: '"yt1"',
      })
      .route('/feeds/videos.xml?user=ift', { file: 'youtube-channel.xml' })
      .route('/@pbsspacetime', { file: 'youtube-channel-page-handle.html' })
      .route('/c/pbsspacetime', { file: 'youtube-channel-page-handle.html' })
      .route('/@nochannel', { file: 'html-page-not-a-feed.html' });
  });
  afterAll(() => server.close());

  it('resolves a @handle through the channel page and caches the real feed URL', async () => {
    const before = server.hits('/@pbsspacetime');
    const result = await youtubeFetcher.fetch(
      testContext({ url: 'https://www.youtube.com/@pbsspacetime', sourceType: 'youtube' }, env),
    );
    expect(server.hits('/@pbsspacetime')).toBe(before + 1);
    expect(result.resolvedUrl).toBe(
      'https://www.youtube.com/feeds/videos.xml?channel_id=UC7_gcs09iThXybpVgjHZ_7g',
    );
    expect(result.title).toBe('PBS Space Time');
    expect(result.items.map((i) => i.title)).toEqual(['Navigating with Quantum Entanglement']);
    expect(result.etag).toBe('"yt1"');
  });

  it('uses the cached resolution without fetching the page again, with a conditional GET', async () => {
    const before = server.hits('/@pbsspacetime');
    const result = await youtubeFetcher.fetch(
      testContext(
        {
          url: 'https://www.youtube.com/@pbsspacetime',
          sourceType: 'youtube',
          resolvedUrl:
            'https://www.youtube.com/feeds/videos.xml?channel_id=UC7_gcs09iThXybpVgjHZ_7g',
          etag: '"yt1"',
        },
        env,
      ),
    );
    expect(server.hits('/@pbsspacetime')).toBe(before);
    expect(result).toMatchObject({ notModified: true, items: [] });
  });

  it.each([
    ['https://www.youtube.com/channel/UC7_gcs09iThXybpVgjHZ_7g', 1],
    ['https://www.youtube.com/c/pbsspacetime', 1],
    ['https://www.youtube.com/user/ift', 15],
    ['https://www.youtube.com/feeds/videos.xml?channel_id=UC7_gcs09iThXybpVgjHZ_7g', 1],
  ])('fetches %s', async (url, n) => {
    const result = await youtubeFetcher.fetch(testContext({ url, sourceType: 'youtube' }, env));
    expect(result.items).toHaveLength(n);
  });

  it('explains when the channel page has no channel id', async () => {
    await expect(
      youtubeFetcher.fetch(
        testContext({ url: 'https://www.youtube.com/@nochannel', sourceType: 'youtube' }, env),
      ),
    ).rejects.toThrow('Could not find the YouTube channel id on the channel page');
  });

  it('explains an unknown handle (404)', async () => {
    await expect(
      youtubeFetcher.fetch(
        testContext({ url: 'https://www.youtube.com/@unknown', sourceType: 'youtube' }, env),
      ),
    ).rejects.toThrow('Could not find the YouTube channel (404)');
  });
});
