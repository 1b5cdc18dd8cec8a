import { describe, expect, it } from 'vitest';
import type { SourceType } from '../../shared/constants';
import { URL_MESSAGES, checkSourceUrl, inferSourceType, normalizeSourceUrl } from './url-rules';

describe('normalizeSourceUrl', () => {
  it.each([
    ['  https://Example.COM/Feed.xml  ', 'https://example.com/Feed.xml'],
    ['https://example.com/feed#top', 'https://example.com/feed'],
    ['HTTP://WWW.Example.com', 'http://www.example.com/'],
    ['https://example.com/a?b=1&c=2#x', 'https://example.com/a?b=1&c=2'],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeSourceUrl(raw)).toBe(expected);
  });

  it.each([
    'not a url',
    'ftp://example.com/feed',
    'javascript:alert(1)',
    'file:///etc/passwd',
    '',
    `https://e.com/${'a'.repeat(2100)}`,
  ])('refuses %s', (raw) => {
    expect(normalizeSourceUrl(raw)).toBeNull();
  });
});

describe('checkSourceUrl', () => {
  const accepted: Array<[SourceType, string]> = [
    ['rss', 'https://www.nasa.gov/feed/'],
    ['rss', 'http://127.0.0.1:8080/feed.xml'],
    ['custom', 'https://example.org/anything'],
    ['youtube', 'https://www.youtube.com/@pbsspacetime'],
    ['youtube', 'https://youtube.com/channel/UC7_gcs09iThXybpVgjHZ_7g'],
    ['youtube', 'https://m.youtube.com/c/NASA/videos'],
    ['youtube', 'https://www.youtube.com/user/NASAtelevision'],
    ['youtube', 'https://www.youtube.com/feeds/videos.xml?channel_id=UC7_gcs09iThXybpVgjHZ_7g'],
    ['reddit', 'https://www.reddit.com/r/space/'],
    ['reddit', 'https://old.reddit.com/r/Astronomy/new/.rss'],
    ['reddit', 'https://reddit.com/r/space'],
    ['bluesky', 'https://bsky.app/profile/nasa.gov'],
    ['bluesky', 'https://bsky.app/profile/did:plc:z72i7hdynmk6r22z27h6tvur'],
    ['google_news', 'https://news.google.com/rss/search?q=astronomy&hl=en-US'],
    ['google_news', 'https://news.google.com/rss'],
    ['rocket_launch', 'https://ll.thespacedevs.com/2.2.0/launch/upcoming/'],
    ['rocket_launch', 'https://lldev.thespacedevs.com/2.3.0/launches/upcoming/?mode=detailed'],
  ];
  it.each(accepted)('a %s source accepts %s', (type, url) => {
    expect(checkSourceUrl(url, type)).toEqual({ ok: true, url: normalizeSourceUrl(url) });
  });

  const refused: Array<[SourceType, string, string]> = [
    ['rss', 'notaurl', URL_MESSAGES.invalid],
    ['custom', 'mailto:a@b.c', URL_MESSAGES.invalid],
    ['youtube', 'https://vimeo.com/@someone', URL_MESSAGES.youtube],
    ['youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', URL_MESSAGES.youtube],
    ['youtube', 'https://youtu.be/dQw4w9WgXcQ', URL_MESSAGES.youtube],
    ['youtube', 'https://notyoutube.com/@x', URL_MESSAGES.youtube],
    ['reddit', 'https://www.reddit.com/user/spez', URL_MESSAGES.reddit],
    ['reddit', 'https://www.reddit.com/', URL_MESSAGES.reddit],
    ['reddit', 'https://reddit.com.evil.example/r/space', URL_MESSAGES.reddit],
    ['bluesky', 'https://bsky.app/', URL_MESSAGES.bluesky],
    ['bluesky', 'https://bsky.app/profile/nasa.gov/post/3k', URL_MESSAGES.bluesky],
    ['bluesky', 'https://twitter.com/nasa', URL_MESSAGES.bluesky],
    ['google_news', 'https://news.google.com/search?q=mars', URL_MESSAGES.google_news],
    ['google_news', 'https://www.google.com/rss/search?q=mars', URL_MESSAGES.google_news],
    ['rocket_launch', 'https://example.com/launches', URL_MESSAGES.rocket_launch],
  ];
  it.each(refused)('a %s source refuses %s', (type, url, message) => {
    expect(checkSourceUrl(url, type)).toEqual({ ok: false, message });
  });

  it('accepts a configured extra host for a type, and only for that type', () => {
    const options = { extraHosts: { rocket_launch: ['127.0.0.1'], reddit: ['localhost'] } };
    expect(
      checkSourceUrl('http://127.0.0.1:9999/2.2.0/launch/upcoming/', 'rocket_launch', options).ok,
    ).toBe(true);
    expect(checkSourceUrl('http://127.0.0.1:9999/r/space', 'reddit', options).ok).toBe(false);
    // The type's path rule still applies on an extra host.
    expect(checkSourceUrl('http://localhost:9999/r/space', 'reddit', options).ok).toBe(true);
    expect(checkSourceUrl('http://localhost:9999/user/spez', 'reddit', options).ok).toBe(false);
  });
});

describe('inferSourceType', () => {
  it.each([
    ['https://www.youtube.com/feeds/videos.xml?channel_id=UC7_gcs09iThXybpVgjHZ_7g', 'youtube'],
    ['https://www.youtube.com/@nasa', 'youtube'],
    ['https://www.reddit.com/r/space/.rss', 'reddit'],
    ['https://www.reddit.com/user/spez/.rss', 'rss'],
    ['https://bsky.app/profile/nasa.gov/rss', 'rss'],
    ['https://bsky.app/profile/nasa.gov', 'bluesky'],
    ['https://news.google.com/rss/search?q=webb', 'google_news'],
    ['https://ll.thespacedevs.com/2.2.0/launch/upcoming/', 'rocket_launch'],
    ['https://www.nasa.gov/feed/', 'rss'],
    ['garbage', 'rss'],
  ] as const)('%s → %s', (url, type) => {
    expect(inferSourceType(url)).toBe(type);
  });
});

describe('the seeded default sources', () => {
  it('all satisfy the rules for their own type', async () => {
    const { DEFAULT_SOURCES } = await import('../ingest/store/seed');
    for (const s of DEFAULT_SOURCES) {
      expect(checkSourceUrl(s.url, s.sourceType), `${s.name} ${s.url}`).toMatchObject({ ok: true });
    }
  });
});
