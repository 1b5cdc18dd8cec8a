import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer, readFixture } from '../../../../test/helpers/fixture-server';
import {
  decodeGoogleNewsUrl,
  googleNewsFetcher,
  parseGoogleNews,
  parseGoogleNewsItem,
  splitHeadline,
} from './google-news';
import { testContext } from './test-support';

/** An old-style Google News article id: protobuf {1: 19, 4: url, 26: ""} in base64url. */
function oldStyleId(url: string): string {
  const bytes = Buffer.concat([
    Buffer.from([0x08, 0x13, 0x22, url.length]),
    Buffer.from(url),
    Buffer.from([0xd2, 0x01, 0x00]),
  ]);
  return bytes.toString('base64url');
}

describe('splitHeadline', () => {
  it.each([
    [
      'Trump again shrinks two national monuments in Utah - The Washington Post',
      'The Washington Post',
      'Trump again shrinks two national monuments in Utah',
      'The Washington Post',
    ],
    [
      'Reducing Bears Ears to 121,100 acres - San Juan Record |',
      'San Juan Record |',
      'Reducing Bears Ears to 121,100 acres',
      'San Juan Record |',
    ],
    [
      'SpaceX - Starship - flight 12 recap - Space.com',
      null,
      'SpaceX - Starship - flight 12 recap',
      'Space.com',
    ],
    ['No publisher here', null, 'No publisher here', null],
    [
      'Artemis II - a crew photo - NASA (.gov)',
      'NASA (.gov)',
      'Artemis II - a crew photo',
      'NASA (.gov)',
    ],
  ])('%s', (title, source, headline, publisher) => {
    expect(splitHeadline(title, source)).toEqual({ headline, publisher });
  });
});

describe('decodeGoogleNewsUrl', () => {
  it('reads the publisher URL out of an old-style id', () => {
    const url = 'https://www.space.com/artemis-2-launch-date';
    expect(
      decodeGoogleNewsUrl(`https://news.google.com/rss/articles/${oldStyleId(url)}?oc=5`),
    ).toBe(url);
  });

  it('gives null for the opaque new-style ids of the recorded feed', () => {
    expect(
      decodeGoogleNewsUrl(
        'https://news.google.com/rss/articles/CBMiwwFBVV95cUxQa2dqd043R002YmtMMzRmUTQ5RFRPMEZPbzZIWlRFZlhFRlFpUjJoTnIxU0dfbEtRTVJUaGsxY0xHR2Q2M2ZzdmRuQ2pHYmw1VElfa0tBUDAySTFaZUVMV3llUG52cDF0cWlzcTBxTE5lNkNuUDZjcG11eGNVNXE2RWdnUG9STnpacnVQV1JCRFlKcGo0bDJPdUpXWXFyZE1CbHl3Vkx5VGtTeFM5ZGdmLVB4VEtIMW41WEZOOXgydkFleFE?oc=5',
      ),
    ).toBeNull();
  });

  it('passes a non-Google URL through', () => {
    expect(decodeGoogleNewsUrl('https://www.nasa.gov/news/')).toBe('https://www.nasa.gov/news/');
  });
});

describe('parseGoogleNews on the recorded search feed', () => {
  const { title, items } = parseGoogleNews(
    readFixture('google-news-search.rss.xml').toString('utf8'),
  );

  it('reads 35 articles with headline, publisher and the Google link kept', () => {
    expect(title).toBe('""Bears Ears" monument" - Google News');
    expect(items).toHaveLength(35);
    expect(items[0]).toMatchObject({
      title: 'Trump again shrinks two national monuments in Utah',
      author: 'The Washington Post',
      publishedAt: expect.stringMatching(/GMT$/),
      itemType: 'article',
      extra: { publisher: 'The Washington Post', publisherUrl: 'https://www.washingtonpost.com/' },
    });
    expect(items[0].url).toMatch(/^https:\/\/news\.google\.com\/rss\/articles\/CBMi/);
    expect(items[0].guid).toMatch(/^CBMi/);
    expect(
      items.every((i) => i.title && !/ - (The Washington Post|San Juan Record)/.test(i.title)),
    ).toBe(true);
  });

  it('keeps the related-coverage list of a clustered story and names the publisher for a single one', () => {
    expect(items[0].summaryHtml).toMatch(/^<ol><li><a href="https:\/\/news\.google\.com/);
    expect(items[1]).toMatchObject({
      title: 'President Trump signs proclamation reducing Bears Ears Monument to 121,100 acres',
      summaryHtml: 'San Juan Record |',
      author: 'San Juan Record |',
    });
  });
});

describe('parseGoogleNewsItem', () => {
  it('prefers a real publisher link found in the description, then a decodable id', () => {
    const direct = parseGoogleNewsItem({
      title: 'Webb sees water - ESA',
      link: 'https://news.google.com/rss/articles/CBMiAU_yqLopaque?oc=5',
      description:
        '<a href="https://www.esa.int/webb-water" target="_blank">Webb sees water</a>&nbsp;&nbsp;<font color="#6f6f6f">ESA</font>',
      source: { title: 'ESA', url: 'https://www.esa.int' },
    });
    expect(direct).toMatchObject({
      url: 'https://www.esa.int/webb-water',
      title: 'Webb sees water',
      author: 'ESA',
      summaryHtml: 'ESA',
    });

    const decoded = parseGoogleNewsItem({
      title: 'Launch tonight - Spaceflight Now',
      link: `https://news.google.com/rss/articles/${oldStyleId('https://spaceflightnow.com/2026/07/20/launch/')}?oc=5`,
      guid: { value: 'abc', isPermaLink: false },
    });
    expect(decoded).toMatchObject({
      url: 'https://spaceflightnow.com/2026/07/20/launch/',
      guid: 'abc',
      author: 'Spaceflight Now',
    });
  });
});

describe('googleNewsFetcher.fetch', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await FixtureServer.start();
    server.route('/rss/search', {
      file: 'google-news-search.rss.xml',
      lastModified: 'Tue, 14 Jul 2026 03:33:16 GMT',
    });
  });
  afterAll(() => server.close());

  it('fetches the search feed and honours Last-Modified', async () => {
    const url = `${server.url}/rss/search?q=%22Bears+Ears%22+monument&hl=en-US&gl=US&ceid=US:en`;
    const first = await googleNewsFetcher.fetch(testContext({ url, sourceType: 'google_news' }));
    expect(first.items).toHaveLength(35);
    expect(first.lastModified).toBe('Tue, 14 Jul 2026 03:33:16 GMT');
    const second = await googleNewsFetcher.fetch(
      testContext({ url, sourceType: 'google_news', lastModified: first.lastModified! }),
    );
    expect(second).toMatchObject({ notModified: true, items: [] });
  });
});
