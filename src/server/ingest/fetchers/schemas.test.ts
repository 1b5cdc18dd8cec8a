// The upstream schemas read real payloads and shrug off odd fields without
// dropping the record, while records that are not posts or launches are skipped.
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../../test/helpers/fixture-server';
import { blueskyPostToItem, parseBlueskyAuthorFeed } from './bluesky';
import { launchToItem, parseLaunches } from './launches';
import { AuthorFeed, PostView } from './bluesky-schema';
import { Launch, LaunchList } from '../../launches/schema';

const json = (name: string): unknown => JSON.parse(readFixture(name).toString('utf8'));

describe('Bluesky schemas', () => {
  it('read every post of the recorded getAuthorFeed', () => {
    const { feed } = AuthorFeed.parse(json('bluesky-get-author-feed.json'));
    expect(feed.length).toBeGreaterThan(0);
    for (const entry of feed)
      expect(PostView.safeParse((entry as { post: unknown }).post).success).toBe(true);
  });

  it('keep a post whose counts or embed have the wrong type, reading them as absent', () => {
    const item = blueskyPostToItem({
      uri: 'at://did:plc:x/app.bsky.feed.post/3abc',
      author: { did: 'did:plc:x', handle: 'esa.int', displayName: 42 },
      record: { text: 'Hello from orbit', createdAt: '2026-03-01T10:00:00Z' },
      embed: 'not an object',
      likeCount: '12',
      repostCount: 3,
    });
    expect(item).toMatchObject({
      title: 'Hello from orbit',
      author: '@esa.int',
      imageUrl: null,
      engagement: { likes: undefined, reposts: 3 },
    });
  });

  it('skip entries that are not posts, and answer nothing for a payload that is not a feed', () => {
    expect(blueskyPostToItem({ author: { handle: 'esa.int' } })).toBeNull();
    expect(parseBlueskyAuthorFeed({ feed: [null, 7, { post: {} }] }).items).toEqual([]);
    expect(parseBlueskyAuthorFeed('<html>').items).toEqual([]);
  });
});

describe('Launch Library schemas', () => {
  it.each([
    'll2-upcoming-detailed-mode.json',
    'll2-upcoming-list-mode.json',
    'll2-2.3.0-upcoming-sample.json',
  ])('read every launch of %s', (name) => {
    const { results } = LaunchList.parse(json(name));
    expect(results.length).toBeGreaterThan(0);
    for (const launch of results) expect(Launch.safeParse(launch).success).toBe(true);
  });

  it('keep a launch whose status, pad or links have the wrong type', () => {
    const item = launchToItem({
      id: 'abc',
      name: 'Falcon 9 | Starlink',
      status: 5,
      pad: { name: 7, location: 'x' },
      vid_urls: [{ url: 'https://youtu.be/x', priority: 'high' }, 9],
      window_start: '2026-03-01T10:00:00Z',
    });
    expect(item).toMatchObject({
      title: 'Falcon 9 | Starlink',
      url: 'https://youtu.be/x',
      extra: { status: null, pad: null, rocket: 'Falcon 9' },
    });
  });

  it('skip results without an id or a name', () => {
    expect(parseLaunches({ results: [{ name: 'No id' }, { id: 'x' }, null] })).toEqual([]);
    expect(parseLaunches({ detail: 'throttled' })).toEqual([]);
  });
});
