import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer, readFixture } from '../../../../test/helpers/fixture-server';
import { SourceFetchError } from '../types';
import { customFetcher, pageMetadataItem, readPageHead } from './custom';
import { testContext } from './test-support';

const html = (name: string) => readFixture(name).toString('utf8');

describe('readPageHead', () => {
  it('finds feed links in <head> only, resolved, specific types before oEmbed JSON', () => {
    const head = readPageHead(
      html('custom-page-with-feed-link.html'),
      'https://sky.example.org/blog/',
    );
    expect(head.feeds).toEqual([
      'https://sky.example.org/feeds/sky.xml',
      'https://sky.example.org/feeds/comments.atom',
    ]);
    expect(head.title).toBe('Sky Tonight & Beyond | Observing news');
  });

  it('resolves against <base href> and reads meta tags, canonical and title', () => {
    const head = readPageHead(
      html('custom-page-opengraph.html'),
      'https://cdn.example.net/mirror/page',
    );
    expect(head.feeds).toEqual([]);
    expect(head.baseUrl).toBe('https://observatory.example.org/news/');
    expect(head.canonical).toBe('https://observatory.example.org/news/comet-a1-brightens?utm=x');
    expect(head.meta.get('og:site_name')).toBe('Example Observatory');
  });
});

describe('pageMetadataItem', () => {
  it.each([
    [
      'custom-page-opengraph.html',
      {
        guid: 'https://observatory.example.org/news/comet-a1-brightens',
        url: 'https://observatory.example.org/news/comet-a1-brightens',
        title: 'Comet C/2026 A1 brightens to naked-eye visibility',
        summaryHtml:
          'The comet reached magnitude 4.8 on Tuesday & is visible low in the west after sunset.',
        imageUrl: 'https://observatory.example.org/news/images/comet-a1.jpg',
        author: 'Dr. Vera Nightsky',
        publishedAt: '2026-07-18T21:30:00+02:00',
        itemType: 'article',
        extra: { siteName: 'Example Observatory' },
      },
    ],
    [
      'custom-page-title-only.html',
      {
        guid: 'https://example.org/minimal',
        url: 'https://example.org/minimal',
        title: 'Minimal page',
        summaryHtml: 'Nothing but a title and a description.',
        imageUrl: null,
        author: null,
        publishedAt: null,
        itemType: 'article',
        extra: { siteName: null },
      },
    ],
  ])('%s', (file, expected) => {
    expect(
      pageMetadataItem(
        readPageHead(html(file), 'https://example.org/page'),
        'https://example.org/page',
      ),
    ).toEqual(expected);
  });

  it('gives null for a page without any title', () => {
    expect(
      pageMetadataItem(
        readPageHead(html('custom-page-no-metadata.html'), 'https://example.org/'),
        'https://example.org/',
      ),
    ).toBeNull();
  });
});

describe('customFetcher.fetch', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await FixtureServer.start();
    server
      .route('/sky/', { file: 'custom-page-with-feed-link.html' })
      .route('/feeds/sky.xml', { file: 'rss2-podcast-relative-links.xml', etag: '"sky1"' })
      .route('/comet', { file: 'custom-page-opengraph.html', etag: '"page1"' })
      .route('/bare', { file: 'custom-page-no-metadata.html' })
      .route('/direct.json', { file: 'jsonfeed-1.1-blog.json' })
      .route('/broken/', {
        body: '<html><head><link rel="alternate" type="application/rss+xml" href="/missing.xml"><title>Broken feed link</title></head></html>',
        type: 'text/html',
      });
  });
  afterAll(() => server.close());

  it('discovers the feed, parses it and caches its URL', async () => {
    const result = await customFetcher.fetch(
      testContext({ url: `${server.url}/sky/`, sourceType: 'custom' }),
    );
    expect(result.resolvedUrl).toBe(`${server.url}/feeds/sky.xml`);
    expect(result.title).toBe('Sky Tonight');
    expect(result.items.map((i) => i.title)).toEqual([
      'Mars at opposition',
      'Episode 12: Meteor showers',
      null,
    ]);
    expect(result.etag).toBe('"sky1"');
  });

  it('goes straight to the cached feed with a conditional GET', async () => {
    const pageHits = server.hits('/sky/');
    const result = await customFetcher.fetch(
      testContext({
        url: `${server.url}/sky/`,
        sourceType: 'custom',
        resolvedUrl: `${server.url}/feeds/sky.xml`,
        etag: '"sky1"',
      }),
    );
    expect(server.hits('/sky/')).toBe(pageHits);
    expect(result).toMatchObject({
      notModified: true,
      items: [],
      resolvedUrl: `${server.url}/feeds/sky.xml`,
    });
  });

  it('rediscovers when the cached feed is gone', async () => {
    const result = await customFetcher.fetch(
      testContext({
        url: `${server.url}/sky/`,
        sourceType: 'custom',
        resolvedUrl: `${server.url}/feeds/old.xml`,
      }),
    );
    expect(result.resolvedUrl).toBe(`${server.url}/feeds/sky.xml`);
    expect(result.items).toHaveLength(3);
  });

  it('falls back to the page’s OpenGraph metadata as a single item, with page validators', async () => {
    const result = await customFetcher.fetch(
      testContext({ url: `${server.url}/comet`, sourceType: 'custom' }),
    );
    expect(result.items).toHaveLength(1);
    expect(result.items[0]).toMatchObject({
      title: 'Comet C/2026 A1 brightens to naked-eye visibility',
      guid: 'https://observatory.example.org/news/comet-a1-brightens',
    });
    expect(result).toMatchObject({
      title: 'Example Observatory',
      etag: '"page1"',
      resolvedUrl: null,
    });
    const again = await customFetcher.fetch(
      testContext({ url: `${server.url}/comet`, sourceType: 'custom', etag: '"page1"' }),
    );
    expect(again.notModified).toBe(true);
  });

  it('falls back to metadata when the advertised feed is broken', async () => {
    const result = await customFetcher.fetch(
      testContext({ url: `${server.url}/broken/`, sourceType: 'custom' }),
    );
    expect(result.items.map((i) => i.title)).toEqual(['Broken feed link']);
  });

  it('parses a URL that is itself a feed', async () => {
    const result = await customFetcher.fetch(
      testContext({ url: `${server.url}/direct.json`, sourceType: 'custom' }),
    );
    expect(result.items).toHaveLength(7);
    expect(result.title).toBe('fboës - Der Blog | Startseite');
  });

  it.each([
    ['/bare', 'No feed or page metadata found at this URL'],
    ['/nowhere', 'Could not find the page (404)'],
  ])('%s → %s', async (path, message) => {
    const error = await customFetcher
      .fetch(testContext({ url: `${server.url}${path}`, sourceType: 'custom' }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceFetchError);
    expect((error as Error).message).toBe(message);
  });
});
