// The sky at a place for the alerts: the Kp that holds now, the aurora tier
// with the Sun's altitude, the local day's events (recorded SWPC payloads and
// astronomy-engine; no upstream is read).
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/helpers/fixture-server';
import { loadConfig } from '../config';
import { auroraNow, kpNow, localDate, skyEventsOfDay, sunAltitude } from './at-places';
import type { AuroraInputs } from './service';
import { kpForecastRows } from './swpc';

const recorded = JSON.parse(
  readFixture('swpc-noaa-planetary-k-index-forecast-2026-objects.json').toString('utf8'),
) as unknown;
const inputs: AuroraInputs = {
  kpRows: kpForecastRows(recorded),
  latest: null,
  ovation: null,
  error: null,
};
const sky = loadConfig({ DATA_DIR: '/tmp' }).sky;
const WINNIPEG = { latitude: 49.9, longitude: -97.1 };

describe('the Kp that holds now', () => {
  it('is the 3-hour period under way, raised by a newer observation from the last three hours', () => {
    expect(kpNow(inputs, Date.UTC(2026, 1, 5, 4, 30))).toBe(5.33);
    expect(kpNow(inputs, Date.UTC(2026, 1, 4, 6, 0))).toBe(1);
    const latest = { kp: 7, time: new Date(Date.UTC(2026, 1, 4, 5, 0)) };
    expect(kpNow({ ...inputs, latest }, Date.UTC(2026, 1, 4, 6, 0))).toBe(7);
    // An observation older than three hours, or from the future, does not count.
    expect(kpNow({ ...inputs, latest }, Date.UTC(2026, 1, 4, 9, 0))).toBe(1);
    expect(kpNow({ ...inputs, latest }, Date.UTC(2026, 1, 4, 4, 0))).toBe(0.67);
    expect(kpNow({ ...inputs, kpRows: [] }, Date.UTC(2030, 0, 1))).toBeNull();
  });
});

describe('the aurora at a place now', () => {
  it('rises from camera only to naked eye at Winnipeg as the G1 storm of 5 February 2026 arrives', () => {
    expect(auroraNow(WINNIPEG, inputs, sky, Date.UTC(2026, 1, 4, 6)).tier).toBe('camera');
    const storm = auroraNow(WINNIPEG, inputs, sky, Date.UTC(2026, 1, 5, 4));
    expect(storm).toMatchObject({ tier: 'naked-eye', kp: 5.33 });
    expect(storm.sunAltitude).toBeLessThan(-12);
    expect(
      auroraNow({ latitude: 51.5, longitude: -0.13 }, inputs, sky, Date.UTC(2026, 1, 5, 4)).tier,
    ).toBe('none');
  });

  it("gives the Sun's altitude: high at noon on the equator at an equinox, deep below at midnight", () => {
    expect(
      sunAltitude({ latitude: 0, longitude: 0 }, Date.UTC(2026, 2, 20, 12, 7)),
    ).toBeGreaterThan(85);
    expect(
      sunAltitude({ latitude: 51.5, longitude: 0 }, Date.UTC(2026, 11, 21, 0, 0)),
    ).toBeLessThan(-55);
  });
});

describe("the local day's sky events", () => {
  it('keep an eclipse seen from the place and drop it where it is not (12 August 2026)', () => {
    const madrid = skyEventsOfDay(
      { latitude: 40.4, longitude: -3.7 },
      'Europe/Madrid',
      Date.UTC(2026, 7, 12, 7),
    );
    expect(madrid.map((e) => e.title)).toContain('Total solar eclipse');
    expect(madrid.every((e) => e.date === '2026-08-12')).toBe(true);
    const sydney = skyEventsOfDay(
      { latitude: -33.9, longitude: 151.2 },
      'Australia/Sydney',
      Date.UTC(2026, 7, 11, 23),
    );
    expect(sydney.map((e) => e.kind)).not.toContain('solar-eclipse');
  });

  it("date an event by the place's own calendar", () => {
    // The New Moon of 12 August 2026 falls at 17:37 UTC: the 13th in Sydney, the 12th in Madrid.
    const sydney = skyEventsOfDay(
      { latitude: -33.9, longitude: 151.2 },
      'Australia/Sydney',
      Date.UTC(2026, 7, 13, 1),
    );
    expect(sydney.map((e) => [e.title, e.date])).toContainEqual(['New Moon', '2026-08-13']);
    expect(localDate(Date.UTC(2026, 7, 12, 17, 37), 'Europe/Madrid')).toBe('2026-08-12');
  });
});
