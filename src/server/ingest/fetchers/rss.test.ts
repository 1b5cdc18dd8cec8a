import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer, readFixture } from '../../../../test/helpers/fixture-server';
import { SourceFetchError } from '../types';
import { NOT_A_FEED, parseFeedText } from './feed-parse';
import { rssFetcher } from './rss';
import { testContext } from './test-support';

const fixture = (name: string) => readFixture(name).toString('utf8');

describe('parseFeedText on recorded feeds', () => {
  it('reads the legacy NASA RSS 2.0 feed: title, links, enclosure image, raw dates', () => {
    const feed = parseFeedText(
      fixture('rss2-nasa-breaking-news-legacy.xml'),
      'https://www.nasa.gov/rss/dyn/breaking_news.rss',
    );
    expect(feed.title).toBe('NASA Breaking News');
    expect(feed.items).toHaveLength(10);
    const first = feed.items[0];
    expect(first.title).toBe('NASA’s Webb Telescope Reaches Major Milestone as Mirror Unfolds');
    expect(first.url).toBe(
      'http://www.nasa.gov/press-release/nasa-s-webb-telescope-reaches-major-milestone-as-mirror-unfolds',
    );
    expect(first.guid).toBe(first.url);
    expect(first.imageUrl).toBe(
      'http://www.nasa.gov/sites/default/files/styles/1x1_cardfeed/public/thumbnails/image/webb_illustration.png?itok=KJp4XyCq',
    );
    expect(first.publishedAt).toBe('Sat, 08 Jan 2022 12:16 EST');
    expect(first.summaryHtml).toContain('21-foot, gold-coated primary mirror');
    expect(first.itemType).toBe('article');
  });

  it('recovers the malformed Phys.org feed (unescaped &) with media:thumbnail images', () => {
    const feed = parseFeedText(
      fixture('rss2-physorg-science-MALFORMED.xml'),
      'https://phys.org/rss-feed/',
    );
    expect(feed.title).toBe('Phys.org - latest science and technology news stories');
    expect(feed.items).toHaveLength(30);
    expect(feed.items[0]).toMatchObject({
      title: 'SuperBIT: A low-cost, balloon-borne telescope to rival Hubble',
      url: 'https://phys.org/news/2021-07-superbit-low-cost-balloon-borne-telescope-rival.html',
      guid: 'news546001734',
      imageUrl: 'https://scx1.b-cdn.net/csz/news/tmb/2021/superbit-a-low-cost-ba-4.jpg',
      publishedAt: 'Tue, 20 Jul 2021 19:00:03 EDT',
    });
  });

  it('reads Atom 1.0 (heise): alternate links, html content, published date, feed title', () => {
    const feed = parseFeedText(
      fixture('atom-heise-developer.xml'),
      'https://www.heise.de/developer/rss/news-atom.xml',
    );
    expect(feed.title).toBe('heise developer neueste Meldungen');
    expect(feed.items).toHaveLength(15);
    expect(feed.items[0]).toMatchObject({
      guid: 'http://heise.de/-3088438',
      title: 'Java-Anwendungsserver: Red Hat gibt WildFly 10 frei',
      url: 'http://www.heise.de/developer/meldung/Java-Anwendungsserver-Red-Hat-gibt-WildFly-10-frei-3088438.html?wt_mc=rss.developer.beitrag.atom',
      publishedAt: '2016-02-01T17:22:00+01:00',
    });
    expect(feed.items[0].contentHtml).toContain(
      '<img src="http://www.heise.de/scale/geometry/264/q80/imgs/18/1/7/3/9/9/2/1/',
    );
  });

  it('reads RSS 1.0 / RDF (Science): items beside the channel, dc:creator and dc:date', () => {
    const feed = parseFeedText(
      fixture('rss1-rdf-science-twis.xml'),
      'https://science.sciencemag.org/rss/twis.xml',
    );
    expect(feed.title).toBe('Science twis');
    expect(feed.items).toHaveLength(40);
    expect(feed.items[0]).toMatchObject({
      title: 'Food for fungi',
      url: 'http://science.sciencemag.org/cgi/content/short/356/6343/1134-a?rss=1',
      guid: 'http://science.sciencemag.org/cgi/content/short/356/6343/1134-a?rss=1',
      author: 'Hines, P. J.',
      publishedAt: '2017-06-15T10:29:47-07:00',
    });
  });

  it('reads JSON Feed 1.1: authors[], content_html, image, dates', () => {
    const feed = parseFeedText(
      fixture('jsonfeed-1.1-blog.json'),
      'https://journal.3960.org/feed.json',
    );
    expect(feed.title).toBe('fboës - Der Blog | Startseite');
    expect(feed.items).toHaveLength(7);
    expect(feed.items[0]).toMatchObject({
      guid: 'user/posts/2020-02-21-lecker-lecker/index.md',
      url: 'https://journal.3960.org/posts/2020-02-21-lecker-lecker/',
      title: 'Lecker, lecker',
      author: 'Frank Boës',
      imageUrl: 'https://cdn.3960.org/favicon-192x192.png',
      publishedAt: '2020-02-21T18:08:06+01:00',
      itemType: 'article',
    });
    expect(feed.items[0].contentHtml).toContain('<blockquote>');
  });

  it('reads JSON Feed 1.0: the singular author, relative urls, audio attachments as podcasts, text escaped', () => {
    const feed = parseFeedText(
      fixture('jsonfeed-1.0-podcast.json'),
      'https://example.org/podcast/feed.json',
    );
    expect(feed.title).toBe('Orbital Mechanics Podcast');
    const [episode, other] = feed.items;
    expect(episode).toMatchObject({
      guid: 'episode-312',
      url: 'https://example.org/podcast/episodes/312',
      author: 'Ben Etherington',
      itemType: 'podcast',
      contentHtml: 'We talk about the Gateway &amp; the &lt;HALO&gt; module.',
      extra: { audioUrl: 'https://cdn.example.org/ep312.mp3', audioType: 'audio/mpeg' },
    });
    expect(other).toMatchObject({
      itemType: 'article',
      imageUrl: 'https://example.org/images/311.jpg',
    });
  });

  it('resolves relative links against the site, prefers media:content images, reads content:encoded and dc:creator', () => {
    const feed = parseFeedText(
      fixture('rss2-podcast-relative-links.xml'),
      'https://feeds.example.org/sky.xml',
    );
    expect(feed.title).toBe('Sky Tonight');
    const [mars, episode, bare] = feed.items;
    expect(mars).toMatchObject({
      guid: 'sky-2025-001',
      url: 'https://example.org/sky/mars-opposition',
      author: 'Ada Stargazer',
      imageUrl: 'https://cdn.example.org/mars-large.jpg',
      contentHtml: '<p>Mars is <b>bright</b>. <img src="/img/mars.jpg"></p>',
      summaryHtml: 'Mars is closest & brightest.',
    });
    expect(episode).toMatchObject({
      url: 'https://example.org/sky/episodes/12',
      itemType: 'podcast',
      author: 'Sky Tonight Team',
      extra: { audioUrl: 'https://cdn.example.org/ep12.mp3' },
    });
    expect(bare).toMatchObject({ url: null, title: null, publishedAt: null, guid: null });
  });

  it('an empty feed gives no items but keeps its title', () => {
    expect(parseFeedText(fixture('rss2-empty.xml'), 'https://example.org/feed')).toEqual({
      title: 'Nothing Yet',
      siteUrl: 'https://example.org/',
      items: [],
    });
  });

  it.each([
    ['an HTML page', fixture('html-page-not-a-feed.html'), NOT_A_FEED],
    ['an empty body', '   ', 'Could not parse the feed: the response was empty'],
    [
      'JSON that is not a feed',
      '{"hello": "world"}',
      'Could not parse the feed: not an RSS, Atom, RDF or JSON feed',
    ],
    ['broken JSON', '{"version": ', 'Could not parse the feed: invalid JSON'],
    [
      'mismatched XML tags',
      '<rss version="2.0"><channel><title>x</title><item><title>a</item></channel></rss>',
      'Could not parse the feed: Unexpected end of title',
    ],
    [
      'a broken attribute',
      '<rss version="2.0"><channel><title a="1>x</title></channel></rss>',
      'Could not parse the feed: readTagExp returned undefined',
    ],
    [
      'XML that is not a feed',
      '<?xml version="1.0"?><note><to>you</to></note>',
      'Could not parse the feed: not an RSS, Atom, RDF or JSON feed',
    ],
  ])('rejects %s with a clear message', (_name, body, message) => {
    expect(() => parseFeedText(body, 'https://example.org/feed')).toThrow(
      new SourceFetchError(message),
    );
  });

  it('never expands DOCTYPE entities (XXE, billion laughs)', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>
<rss version="2.0"><channel><title>T</title><link>https://example.org/</link><description>d</description>
<item><title>&xxe; &lol2;</title><link>https://example.org/a</link></item></channel></rss>`;
    const feed = parseFeedText(xxe, 'https://example.org/feed');
    expect(feed.items[0].title).not.toContain('root:');
    expect(feed.items[0].title).not.toContain('lollol');
  });
});

describe('rssFetcher.fetch', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await FixtureServer.start();
    server
      .route('/nasa.rss', {
        file: 'rss2-nasa-breaking-news-legacy.xml',
        etag: '"v1"',
        lastModified: 'Sat, 08 Jan 2022 18:00:00 GMT',
      })
      .route('/page', { file: 'html-page-not-a-feed.html' })
      .route('/gone', { status: 404, body: 'nope' })
      .route('/busy', { status: 429, body: 'slow down', headers: { 'retry-after': '120' } })
      .route('/moved', { status: 301, body: '', headers: { location: '/nasa.rss' } });
  });
  afterAll(() => server.close());

  it('returns items, the feed title and the validators', async () => {
    const result = await rssFetcher.fetch(
      testContext({ url: `${server.url}/nasa.rss`, sourceType: 'rss' }),
    );
    expect(result.items).toHaveLength(10);
    expect(result).toMatchObject({
      title: 'NASA Breaking News',
      etag: '"v1"',
      lastModified: 'Sat, 08 Jan 2022 18:00:00 GMT',
    });
    expect(result.notModified).toBeFalsy();
  });

  it('answers notModified when the server replies 304 to the stored ETag', async () => {
    const ctx = testContext({ url: `${server.url}/nasa.rss`, sourceType: 'rss', etag: '"v1"' });
    const result = await rssFetcher.fetch(ctx);
    expect(result).toMatchObject({ notModified: true, items: [], etag: '"v1"' });
    expect(server.requests.at(-1)?.headers['if-none-match']).toBe('"v1"');
  });

  it('sends If-Modified-Since from the stored Last-Modified', async () => {
    const ctx = testContext({
      url: `${server.url}/nasa.rss`,
      sourceType: 'rss',
      lastModified: 'Sat, 08 Jan 2022 18:00:00 GMT',
    });
    expect((await rssFetcher.fetch(ctx)).notModified).toBe(true);
  });

  it('follows a redirect and resolves against the final URL', async () => {
    const result = await rssFetcher.fetch(
      testContext({ url: `${server.url}/moved`, sourceType: 'rss' }),
    );
    expect(result.items).toHaveLength(10);
  });

  it.each([
    ['/page', NOT_A_FEED, undefined],
    ['/gone', 'Could not find the feed (404)', 404],
    ['/busy', 'Rate limit reached while fetching the feed (429); will retry later', 429],
  ])('%s fails with a message for the source row', async (path, message, status) => {
    const error = await rssFetcher
      .fetch(testContext({ url: `${server.url}${path}`, sourceType: 'rss' }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceFetchError);
    expect((error as SourceFetchError).message).toBe(message);
    expect((error as SourceFetchError).options.status).toBe(status);
    expect((error as SourceFetchError).options.retryAfterSeconds).toBe(
      status === 429 ? 120 : undefined,
    );
  });
});
