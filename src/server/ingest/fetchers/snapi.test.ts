import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../../test/helpers/fixture-server';
import { parseFeedText } from './feed-parse';
import { snapiItems } from './snapi';

describe('Spaceflight News API article lists', () => {
  it('read the recorded v4 list: one article an item, its launch ids kept', () => {
    const feed = parseFeedText(
      readFixture('snapi-v4-articles.json').toString('utf8'),
      'https://x/',
    );
    expect(feed.title).toBe('Spaceflight News API');
    expect(feed.items).toHaveLength(10);
    const crew = feed.items.find((i) => i.title === 'Crew-12 Launches');
    expect(crew).toMatchObject({
      guid: 'snapi:36234',
      author: 'NASA',
      publishedAt: '2026-02-13T15:39:10Z',
      extra: { newsSite: 'NASA', launchIds: ['862b54e3-7bf8-48e5-8cd1-d77257d5fde9'] },
    });
    expect(
      feed.items.filter((i) => (i.extra?.launchIds as string[] | undefined)?.length),
    ).toHaveLength(4);
  });

  it('skip articles without a title or URL, and ids that are no launch ids', () => {
    expect(
      snapiItems({
        results: [
          { id: 1, title: '', url: 'https://a/', news_site: 'A', published_at: 'x' },
          {
            id: 2,
            title: 'Kept',
            url: 'https://b/',
            news_site: 'B',
            published_at: '2026-01-01T00:00:00Z',
            launches: [
              { launch_id: 'drop table' },
              7,
              { launch_id: '862B54E3-7BF8-48E5-8CD1-D77257D5FDE9' },
            ],
          },
        ],
      })?.map((i) => [i.title, i.extra?.launchIds]),
    ).toEqual([['Kept', ['862b54e3-7bf8-48e5-8cd1-d77257d5fde9']]]);
  });

  it('leave JSON Feeds to the feed parser', () => {
    expect(snapiItems({ version: 'https://jsonfeed.org/version/1.1', items: [] })).toBeNull();
    const feed = parseFeedText(
      readFixture('jsonfeed-1.1-blog.json').toString('utf8'),
      'https://x/',
    );
    expect(feed.items.length).toBeGreaterThan(0);
  });
});
