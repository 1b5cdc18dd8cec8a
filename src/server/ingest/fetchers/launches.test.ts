import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FixtureServer, readFixture } from '../../../../test/helpers/fixture-server';
import { SourceFetchError } from '../types';
import { launchesFetcher, parseLaunches, resetLaunchCache, upcomingLaunchesUrl } from './launches';
import { testContext } from './test-support';

const json = (name: string): unknown => JSON.parse(readFixture(name).toString('utf8'));

describe('upcomingLaunchesUrl', () => {
  it.each([
    [
      'https://ll.thespacedevs.com/2.2.0',
      'https://ll.thespacedevs.com/2.2.0/launch/upcoming/?limit=50&mode=detailed',
    ],
    [
      'https://lldev.thespacedevs.com/2.2.0/',
      'https://lldev.thespacedevs.com/2.2.0/launch/upcoming/?limit=50&mode=detailed',
    ],
    [
      'https://ll.thespacedevs.com/2.3.0',
      'https://ll.thespacedevs.com/2.3.0/launches/upcoming/?limit=50&mode=detailed',
    ],
    [
      'https://ll.thespacedevs.com/3.0.0',
      'https://ll.thespacedevs.com/3.0.0/launches/upcoming/?limit=50&mode=detailed',
    ],
    ['http://127.0.0.1:4000', 'http://127.0.0.1:4000/launch/upcoming/?limit=50&mode=detailed'],
  ])('%s → %s', (base, url) => {
    expect(upcomingLaunchesUrl(base)).toBe(url);
  });
});

describe('parseLaunches on the recorded 2.2.0 detailed response', () => {
  const items = parseLaunches(json('ll2-upcoming-detailed-mode.json'));

  it('one mutable item per launch, in window order', () => {
    expect(items.map((i) => i.title)).toEqual([
      'Falcon 9 Block 5 | Starlink Group 17-39',
      'Gravity-1 | Unknown Payload',
      'Long March 3B/E | Unknown Payload',
      'Falcon 9 Block 5 | NROL-95',
    ]);
    expect(items.every((i) => i.mutable === true && i.itemType === 'article')).toBe(true);
  });

  it('a launch with webcasts: first webcast as the link, window start as publishedAt, facts in the summary', () => {
    expect(items[0]).toMatchObject({
      guid: 'e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc',
      url: 'https://www.youtube.com/watch?v=p648NlL0fi4',
      publishedAt: '2026-07-20T14:00:00Z',
      author: 'SpaceX',
      imageUrl:
        'https://thespacedevs-prod.nyc3.digitaloceanspaces.com/media/images/falcon2520925_image_20221009234147.png',
      extra: {
        status: 'Go for Launch',
        statusAbbrev: 'Go',
        provider: 'SpaceX',
        rocket: 'Falcon 9 Block 5',
        pad: 'Space Launch Complex 4E',
        location: 'Vandenberg SFB, CA, USA',
        windowStart: '2026-07-20T14:00:00Z',
        windowEnd: '2026-07-20T18:00:00Z',
        webcastUrl: 'https://www.youtube.com/watch?v=p648NlL0fi4',
        webcastLive: true,
        missionType: 'Communications',
        orbit: 'Low Earth Orbit',
      },
    });
    expect(items[0].summaryHtml).toMatch(
      /^<p>SpaceX · Falcon 9 Block 5\. Space Launch Complex 4E, Vandenberg SFB, CA, USA\. Status: Go for Launch\. Window opens 2026-07-20 14:00 UTC\. A batch of 24 satellites/,
    );
  });

  it('a launch without webcasts or info links points at its Space Launch Now page', () => {
    expect(items[1]).toMatchObject({
      url: 'https://spacelaunchnow.me/launch/gravity-1-unknown-payload',
      extra: { webcastUrl: null },
    });
    expect(items[3].extra).toMatchObject({ statusAbbrev: 'TBC', status: 'To Be Confirmed' });
  });
});

describe('parseLaunches on other shapes', () => {
  it('reads list mode (flat strings)', () => {
    const items = parseLaunches(json('ll2-upcoming-list-mode.json'));
    expect(items).toHaveLength(10);
    expect(items[0]).toMatchObject({
      title: 'Falcon 9 Block 5 | Starlink Group 17-39',
      author: 'SpaceX',
      extra: {
        provider: 'SpaceX',
        pad: 'Space Launch Complex 4E',
        location: 'Vandenberg SFB, CA, USA',
        missionName: 'Starlink Group 17-39',
        rocket: 'Falcon 9 Block 5',
      },
    });
  });

  it('reads the 2.3.0 shape: image objects, vid_urls by priority, info_urls, new status', () => {
    const [vega, electron] = parseLaunches(json('ll2-2.3.0-upcoming-sample.json'));
    expect(electron).toMatchObject({
      title: 'Electron | Owl For One, Owl For All',
      url: 'https://www.youtube.com/watch?v=rl-official',
      imageUrl:
        'https://thespacedevs-prod.nyc3.digitaloceanspaces.com/media/images/electron_image_20260101.jpeg',
      extra: {
        statusAbbrev: 'Payload Deployed',
        orbit: 'Sun-Synchronous Orbit',
        webcastUrl: 'https://www.youtube.com/watch?v=rl-official',
      },
    });
    expect(vega).toMatchObject({
      url: 'https://spacelaunchnow.me/launch/vega-c-sentinel-1d',
      imageUrl: 'https://example.invalid/vega-c.jpg',
      summaryHtml:
        '<p>Arianespace · Vega C. Ensemble de Lancement Vega, Guiana Space Centre, French Guiana. Status: To Be Determined. Window opens 2026-07-20 21:02 UTC</p>',
    });
  });

  it('ignores results without an id or name and payloads without results', () => {
    expect(parseLaunches({ results: [{ name: 'x' }, { id: 'y' }, null] })).toEqual([]);
    expect(parseLaunches({ detail: 'Request was throttled.' })).toEqual([]);
  });
});

describe('launchesFetcher.fetch', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await FixtureServer.start();
    server
      .route('/2.2.0/launch/upcoming/', { file: 'll2-upcoming-detailed-mode.json', delayMs: 30 })
      .route('/2.3.0/launches/upcoming/', { file: 'll2-2.3.0-upcoming-sample.json' })
      .route('/nested/launch/upcoming/', {
        type: 'application/json',
        body: `{"count":1,"results":${'['.repeat(1_500_000)}${']'.repeat(1_500_000)}}`,
      })
      .route('/huge/launch/upcoming/', {
        type: 'application/json',
        body: `{"count":1,"results":[${'{"id":"x","name":"y"},'.repeat(250_000)}{}]}`,
      })
      .route('/throttled/launch/upcoming/', {
        status: 429,
        type: 'application/json',
        body: '{"detail":"Request was throttled. Expected available in 1234 seconds."}',
      });
  });
  afterAll(() => server.close());
  beforeEach(() => resetLaunchCache());

  it('serves many sources from one upstream call, and sends the token when set', async () => {
    const env = { LAUNCH_LIBRARY_URL: `${server.url}/2.2.0`, LAUNCH_LIBRARY_TOKEN: 'secret-key' };
    const before = server.hits('/2.2.0/launch/upcoming/');
    const results = await Promise.all(
      [1, 2, 3].map((id) =>
        launchesFetcher.fetch(
          testContext(
            {
              id,
              url: 'https://ll.thespacedevs.com/2.2.0/launch/upcoming/',
              sourceType: 'rocket_launch',
            },
            env,
          ),
        ),
      ),
    );
    const later = await launchesFetcher.fetch(
      testContext({ id: 4, url: 'x', sourceType: 'rocket_launch' }, env),
    );
    expect(server.hits('/2.2.0/launch/upcoming/')).toBe(before + 1);
    expect(results.every((r) => r.items.length === 4)).toBe(true);
    expect(later.items).toHaveLength(4);
    const request = server.requests.filter((r) => r.path.startsWith('/2.2.0/')).at(-1)!;
    expect(request.path).toBe('/2.2.0/launch/upcoming/?limit=50&mode=detailed');
    expect(request.headers.authorization).toBe('Token secret-key');
  });

  it('fetches again after resetLaunchCache, without a token header when none is set', async () => {
    const env = { LAUNCH_LIBRARY_URL: `${server.url}/2.3.0` };
    await launchesFetcher.fetch(testContext({ url: 'x', sourceType: 'rocket_launch' }, env));
    resetLaunchCache();
    const result = await launchesFetcher.fetch(
      testContext({ url: 'x', sourceType: 'rocket_launch' }, env),
    );
    expect(server.hits('/2.3.0/launches/upcoming/')).toBe(2);
    expect(result.items).toHaveLength(2);
    expect(server.requests.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('a 429 is a clear error with the wait LL2 announces, and is not cached', async () => {
    const env = { LAUNCH_LIBRARY_URL: `${server.url}/throttled` };
    const attempt = () =>
      launchesFetcher
        .fetch(testContext({ url: 'x', sourceType: 'rocket_launch' }, env))
        .catch((e: unknown) => e);
    const error = await attempt();
    expect(error).toBeInstanceOf(SourceFetchError);
    expect((error as SourceFetchError).message).toBe(
      'Launch Library rate limit reached (429); the launch schedule will be retried later',
    );
    expect((error as SourceFetchError).options).toEqual({ status: 429, retryAfterSeconds: 1234 });
    await attempt();
    expect(server.hits('/throttled/launch/upcoming/')).toBe(2);
  });

  // Parsed on an ingest worker thread, within a size cap and a nesting limit
  // (json-document.ts): on this thread, JSON.parse of the nested one stalls it for seconds.
  it.each([
    [
      'nested',
      'on a worker thread',
      {},
      'Could not read the launch schedule: its JSON nests too deeply',
    ],
    [
      'nested',
      'inline',
      { INGEST_WORKERS: '0' },
      'Could not read the launch schedule: its JSON nests too deeply',
    ],
    [
      'huge',
      'on a worker thread',
      {},
      'Could not read the launch schedule: it is larger than 4096 KB of JSON',
    ],
  ])(
    'refuses a %s schedule (%s) without stalling this thread',
    async (name, _where, extra, message) => {
      const env = { LAUNCH_LIBRARY_URL: `${server.url}/${name}`, ...extra };
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const error = await launchesFetcher
        .fetch(testContext({ url: 'x', sourceType: 'rocket_launch' }, env))
        .catch((e: unknown) => e);
      delay.disable();
      expect(error).toBeInstanceOf(SourceFetchError);
      expect((error as SourceFetchError).message).toBe(message);
      expect(delay.max / 1e6).toBeLessThan(400);
    },
  );
});
