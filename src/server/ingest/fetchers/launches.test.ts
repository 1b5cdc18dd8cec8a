import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../../test/helpers/fixture-server';
import { loadConfig } from '../../config';
import { readDocumentOffThread } from '../off-thread';
import { SourceFetchError } from '../types';
import { parseLaunches } from './launches';

const json = (name: string): unknown => JSON.parse(readFixture(name).toString('utf8'));

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
      publishedAt: '2026-07-20T14:00:00.000Z',
      author: 'SpaceX',
      imageUrl:
        'https://thespacedevs-prod.nyc3.digitaloceanspaces.com/media/images/falcon2520925_image_20221009234147.png',
      extra: {
        launchId: 'e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc',
        status: 'Go for Launch',
        statusAbbrev: 'Go',
        provider: 'SpaceX',
        rocket: 'Falcon 9 Block 5',
        pad: 'Space Launch Complex 4E',
        location: 'Vandenberg SFB, CA, USA',
        windowStart: '2026-07-20T14:00:00.000Z',
        windowEnd: '2026-07-20T18:00:00.000Z',
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

describe('reading a fetched schedule (the poller hands LL2 answers to a document worker)', () => {
  // Parsed on a worker thread, within a size cap and a nesting limit
  // (json-document.ts): on this thread, JSON.parse of the nested one stalls it for seconds.
  const nested = `{"count":1,"results":${'['.repeat(1_500_000)}${']'.repeat(1_500_000)}}`;
  const huge = `{"count":1,"results":[${'{"id":"x","name":"y"},'.repeat(250_000)}{}]}`;
  it.each([
    [
      'nested',
      'on a worker thread',
      nested,
      {},
      'Could not read the launch schedule: its JSON nests too deeply',
    ],
    [
      'nested',
      'inline',
      nested,
      { INGEST_WORKERS: '0' },
      'Could not read the launch schedule: its JSON nests too deeply',
    ],
    [
      'huge',
      'on a worker thread',
      huge,
      {},
      'Could not read the launch schedule: it is larger than 4096 KB of JSON',
    ],
  ])(
    'refuses a %s schedule (%s) without stalling this thread',
    async (_name, _where, text, env, message) => {
      const config = loadConfig({ FETCH_ALLOW_PRIVATE_NETWORK: 'true', ...env }).ingest;
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const error = await readDocumentOffThread(config, { kind: 'launches', text }).catch(
        (e: unknown) => e,
      );
      delay.disable();
      expect(error).toBeInstanceOf(SourceFetchError);
      expect((error as SourceFetchError).message).toBe(message);
      expect(delay.max / 1e6).toBeLessThan(400);
    },
  );

  it('answers launch records from a worker thread', async () => {
    const config = loadConfig({ FETCH_ALLOW_PRIVATE_NETWORK: 'true' }).ingest;
    const text = readFixture('ll2-upcoming-detailed-mode.json').toString('utf8');
    const records = await readDocumentOffThread(config, { kind: 'launches', text });
    expect(records.map((r) => r.mission)).toEqual([
      'Starlink Group 17-39',
      'Unknown Payload',
      'Unknown Payload',
      'NROL-95',
    ]);
  });
});
