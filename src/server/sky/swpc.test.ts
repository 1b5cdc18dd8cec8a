// SWPC parsing: both table shapes (arrays with a header row before 2026, objects
// since), zone-less UTC time tags, the 24-hour forecast, X-ray class, aurora, alerts.
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/helpers/fixture-server';
import {
  activeWarnings,
  aurora,
  flareClass,
  kpForecast24h,
  latestKp,
  latestOneMinuteKp,
  parseSwpcTime,
  parseTimeTag,
  solarActivityFromFlares,
  solarActivityFromFlux,
  toRows,
} from './swpc';

const json = (name: string): unknown => JSON.parse(readFixture(name).toString('utf8'));

describe('Kp tables in both shapes', () => {
  const arrays = json('swpc-noaa-planetary-k-index.json');
  const objects = json('swpc-noaa-planetary-k-index-2026-objects.json');

  it('reads the same latest Kp from the array-of-arrays and the 2026 object shape', () => {
    const expected = { kp: 2, time: new Date('2026-02-09T15:00:00Z') };
    expect(latestKp(arrays)).toEqual(expected);
    expect(latestKp(objects)).toEqual(expected);
  });

  it('turns a header row into named fields', () => {
    const rows = toRows(arrays);
    expect(rows[0]).toEqual({
      time_tag: '2026-02-02 00:00:00.000',
      Kp: '2.33',
      a_running: '9',
      station_count: '8',
    });
    expect(rows).toHaveLength(toRows(objects).length);
  });

  it('refuses a missing or malformed Kp product', () => {
    expect(() => latestKp(undefined)).toThrow(Error);
    expect(() => latestKp({ message: 'not a table' })).toThrow(Error);
    expect(() => latestKp([])).toThrow(Error);
    expect(() => latestKp([['time_tag', 'Kp']])).toThrow(Error);
    expect(() => latestKp([{ time_tag: '2026-02-02T00:00:00', Kp: 'lots' }])).toThrow(Error);
    expect(() => latestKp([{ time_tag: 'yesterday', Kp: 2 }])).toThrow(Error);
    expect(() => latestKp([{ time_tag: '2026-02-02T00:00:00', Kp: 12 }])).toThrow(Error);
    expect(() =>
      latestKp([
        [1, 2],
        [3, 4],
      ]),
    ).toThrow(Error);
  });
});

describe('time tags', () => {
  it('reads tags without a zone as UTC', () => {
    expect(parseTimeTag('2026-02-02 00:00:00.000')?.toISOString()).toBe('2026-02-02T00:00:00.000Z');
    expect(parseTimeTag('2026-02-02T03:00:00')?.toISOString()).toBe('2026-02-02T03:00:00.000Z');
    expect(parseTimeTag('2026-02-02T00:59:00Z')?.toISOString()).toBe('2026-02-02T00:59:00.000Z');
    expect(parseTimeTag('not a time')).toBeNull();
  });

  it("reads SWPC's message times", () => {
    expect(parseSwpcTime('2026 Jun 13 2359 UTC')?.toISOString()).toBe('2026-06-13T23:59:00.000Z');
    expect(parseSwpcTime('2026 Foo 13 2359 UTC')).toBeNull();
  });
});

describe('24-hour Kp forecast', () => {
  const now = new Date('2026-02-10T10:00:00Z');
  const expected = [
    { kpIndex: 1.67, timePeriod: '2026-02-10T09:00:00.000Z' },
    { kpIndex: 1.67, timePeriod: '2026-02-10T12:00:00.000Z' },
    { kpIndex: 0.67, timePeriod: '2026-02-10T15:00:00.000Z' },
    { kpIndex: 1.67, timePeriod: '2026-02-10T18:00:00.000Z' },
    { kpIndex: 2, timePeriod: '2026-02-10T21:00:00.000Z' },
    { kpIndex: 1.67, timePeriod: '2026-02-11T00:00:00.000Z' },
    { kpIndex: 1.67, timePeriod: '2026-02-11T03:00:00.000Z' },
    { kpIndex: 1.67, timePeriod: '2026-02-11T06:00:00.000Z' },
  ];

  it('takes the eight 3-hour periods from the one under way, in both shapes', () => {
    expect(kpForecast24h(json('swpc-noaa-planetary-k-index-forecast.json'), now)).toEqual(expected);
    expect(
      kpForecast24h(json('swpc-noaa-planetary-k-index-forecast-2026-objects.json'), now),
    ).toEqual(expected);
  });

  it('ends every period in Z and is empty when the file is stale', () => {
    expect(expected.every((e) => e.timePeriod.endsWith('Z'))).toBe(true);
    expect(
      kpForecast24h(json('swpc-noaa-planetary-k-index-forecast.json'), new Date('2026-03-01')),
    ).toEqual([]);
  });
});

describe('one-minute Kp', () => {
  it('reads the latest estimate, or null when malformed', () => {
    expect(latestOneMinuteKp(json('swpc-planetary-k-index-1m.json'))).toEqual({
      kp: 1.67,
      time: new Date('2026-07-09T10:00:00Z'),
    });
    expect(latestOneMinuteKp({})).toBeNull();
    expect(latestOneMinuteKp([{ time_tag: 'x' }])).toBeNull();
  });
});

describe('solar activity', () => {
  it('classes GOES long-band flux at every boundary', () => {
    const cases: [number, string][] = [
      [5e-9, 'A0.5'],
      [1e-8, 'A1.0'],
      [9.9e-8, 'A9.9'],
      [1e-7, 'B1.0'],
      [2.4e-6, 'C2.4'],
      [1e-5, 'M1.0'],
      [9.5e-5, 'M9.5'],
      [1e-4, 'X1.0'],
      [2.8e-3, 'X28.0'],
    ];
    for (const [flux, cls] of cases) expect(flareClass(flux), String(flux)).toBe(cls);
  });

  it('reads the latest 0.1–0.8 nm flux, else the latest flare', () => {
    expect(solarActivityFromFlux(json('swpc-goes-xrays-1-day.json'))).toMatch(/^[ABCMX]\d+\.\d$/);
    expect(solarActivityFromFlux([{ energy: '0.05-0.4nm', flux: 1e-6 }])).toBeNull();
    expect(solarActivityFromFlares(json('swpc-goes-xray-flares-latest.json'))).toBe('C2.4');
    expect(solarActivityFromFlares([{ current_class: '<script>' }])).toBeNull();
    expect(solarActivityFromFlares('nope')).toBeNull();
  });
});

describe('aurora', () => {
  it('takes the highest probability on the OVATION grid', () => {
    const result = aurora(json('swpc-ovation-aurora-latest.json'));
    expect(result?.maxProbability).toBe(24);
    expect(result?.description).toMatch(/aurora activity/);
    expect(aurora({ coordinates: [[0, 0, 'x']] })).toBeNull();
    expect(aurora(null)).toBeNull();
  });
});

describe('alerts', () => {
  const alerts = json('swpc-alerts.json');

  it('lists alerts and warnings issued in the last day whose validity has not ended', () => {
    // The K04W warning was valid to 2026 Jun 13 23:59 UTC.
    expect(activeWarnings(alerts, new Date('2026-06-13T22:00:00Z'))).toEqual([
      'ALERT: Geomagnetic K-index of 4',
      'ALERT: Electron 2MeV Integral Flux exceeded 1000pfu',
      'WARNING: Geomagnetic K-index of 4 expected',
    ]);
    expect(activeWarnings(alerts, new Date('2026-06-14T00:30:00Z'))).toEqual([
      'ALERT: Geomagnetic K-index of 4',
      'ALERT: Electron 2MeV Integral Flux exceeded 1000pfu',
    ]);
    expect(activeWarnings(alerts, new Date('2026-06-16T00:00:00Z'))).toEqual([]);
  });

  it('ignores malformed alert lists', () => {
    expect(activeWarnings({ alerts: [] }, new Date())).toEqual([]);
    expect(activeWarnings([{ message: 1 }], new Date())).toEqual([]);
  });
});
