// The Tonight verdict on fixture nights (test/helpers/night-fixtures.ts): each branch
// of issue 28's rules, the reasons in words, the best window, and the nights with no
// astronomical darkness.
import { describe, expect, it } from 'vitest';
import {
  CHARLOTTE,
  type NightHour,
  nightAirQuality,
  nightForecast,
} from '../../../test/helpers/night-fixtures';
import { airQualitySchema, toAirQuality } from './air-quality';
import { forecastSchema } from './open-meteo';
import { decideVerdict, summaryLine } from './verdict';

const WEIGHTS = { low: 0.5, mid: 0.3, high: 0.2 };

interface Night {
  current: string;
  hour?: (local: string) => NightHour;
  aod?: (local: string) => number;
  place?: { latitude: number; longitude: number; timezone: string; utcOffsetSeconds: number };
  units?: 'us' | 'metric';
  noAirQuality?: boolean;
}

function verdict(n: Night) {
  const place = n.place ?? CHARLOTTE;
  const options = { ...place, current: n.current, hour: n.hour ?? (() => ({})) };
  const forecast = forecastSchema.parse(JSON.parse(nightForecast(options)));
  const air = toAirQuality(
    airQualitySchema.parse(
      JSON.parse(
        nightAirQuality({ ...options, utcOffsetSeconds: place.utcOffsetSeconds, aod: n.aod }),
      ),
    ),
  );
  return decideVerdict({
    forecast,
    airQuality: n.noAirQuality ? null : air,
    place: { latitude: place.latitude, longitude: place.longitude, units: n.units ?? 'us' },
    weights: WEIGHTS,
    hazeCap: 0.5,
  });
}

// 13 September 2026 in Charlotte: two days after new Moon, which sets before dark.
const MOONLESS = '2026-09-13T15:00';
// 26 September 2026: full Moon (16:49 UTC), up from dusk to dawn.
const FULL_MOON = '2026-09-26T15:00';

describe('the Tonight verdict on fixture nights', () => {
  it('says Go for a clear, moonless night, with the whole night as its best window', () => {
    const v = verdict({ current: MOONLESS, hour: () => ({ low: 0, mid: 5, high: 10 }) });
    expect(v.verdict).toBe('go');
    expect(v.darkness).toMatchObject({ kind: 'astronomical', flagged: false });
    // Astronomical dusk 20:58, dawn 05:39 EDT: the hours 20:00 to 05:00 overlap it.
    expect(v.hours.map((h) => h.hour)).toEqual([
      '20:00',
      '21:00',
      '22:00',
      '23:00',
      '00:00',
      '01:00',
      '02:00',
      '03:00',
      '04:00',
      '05:00',
    ]);
    expect(v.hours.every((h) => h.usable && h.cloud === 4 && h.moonAltitude < 0)).toBe(true);
    expect(v.bestWindow).toMatchObject({ label: '8:58 PM–5:39 AM', hours: 8.7 });
    expect(v.reasons).toEqual(['clear and dark 8:58 PM–5:39 AM']);
    expect(summaryLine(v)).toBe('Go: clear and dark 8:58 PM–5:39 AM');
  });

  it('says No-go under 60 % low cloud (with mid and high cloud above it), naming the low cloud', () => {
    const v = verdict({ current: MOONLESS, hour: () => ({ low: 60, mid: 60, high: 40 }) });
    expect(v.verdict).toBe('no-go');
    expect(v.hours[0].cloud).toBe(56); // 0.5·60 + 0.3·60 + 0.2·40
    expect(v.bestWindow).toBeNull();
    expect(v.reasons).toEqual(['low cloud 60 % all night']);
  });

  it('weighs 60 % low cloud alone at 30 %: usable by the rules, which the weights decide', () => {
    const v = verdict({ current: MOONLESS, hour: () => ({ low: 60 }) });
    expect(v.hours[0].cloud).toBe(30);
    expect(v.verdict).toBe('go');
  });

  it('says Marginal for a clear night under a full Moon, naming the Moon', () => {
    const v = verdict({ current: FULL_MOON, hour: () => ({ low: 0, mid: 0, high: 5 }) });
    expect(v.verdict).toBe('marginal');
    expect(v.hours.every((h) => h.blockers.join() === 'moon')).toBe(true);
    expect(v.reasons).toEqual(['Moon 100 % up all night']);
    expect(v.bestWindow?.hours).toBeGreaterThan(8);
  });

  it('says No-go for a clear night in haze (optical depth 1.0), naming the haze', () => {
    const v = verdict({ current: MOONLESS, hour: () => ({}), aod: () => 1.0 });
    expect(v.verdict).toBe('no-go');
    expect(v.hours.every((h) => h.aod === 1 && h.blockers.join() === 'haze')).toBe(true);
    expect(v.reasons).toEqual(['haze: aerosol optical depth 1.0 all night']);
  });

  it('gives cloud its hours: "until" when it clears, "from" when it comes', () => {
    const clearsAt1 = verdict({
      current: MOONLESS,
      hour: (t) => (t >= '2026-09-14T01:00' ? {} : { low: 80, mid: 40 }),
    });
    expect(clearsAt1.verdict).toBe('go');
    expect(clearsAt1.reasons).toEqual([
      'clear and dark 1:00 AM–5:39 AM',
      'low cloud 80 % until 1:00 AM',
    ]);
    expect(clearsAt1.bestWindow?.label).toBe('1:00 AM–5:39 AM');
    const comesAt23 = verdict({
      current: MOONLESS,
      units: 'metric',
      hour: (t) => (t >= '2026-09-13T23:00' ? { high: 100, mid: 90 } : {}),
    });
    expect(comesAt23.reasons).toEqual(['clear and dark 20:58–23:00', 'mid cloud 90 % from 23:00']);
  });

  it('is Marginal with one usable hour, or with cloud of 30–50 % and nothing worse', () => {
    const oneHour = verdict({
      current: MOONLESS,
      hour: (t) => (t === '2026-09-14T02:00' ? {} : { low: 100, mid: 100, high: 100 }),
    });
    expect(oneHour.verdict).toBe('marginal');
    expect(oneHour.bestWindow?.label).toBe('2:00 AM–3:00 AM');
    const thinCloud = verdict({ current: MOONLESS, hour: () => ({ low: 40, mid: 40, high: 40 }) });
    expect(thinCloud.verdict).toBe('marginal');
    expect(thinCloud.reasons).toEqual(['low cloud 40 % all night']);
    const rain = verdict({
      current: MOONLESS,
      hour: () => ({ low: 40, mid: 40, high: 40, precipitation: 60 }),
    });
    expect(rain.verdict).toBe('no-go');
    expect(rain.reasons).toContain('precipitation 60 % likely all night');
  });

  it('names the Moon by its rise when it comes up during the night', () => {
    // 1 October 2026, five days past full: the Moon rises late in the evening.
    const v = verdict({ current: '2026-10-01T15:00', hour: () => ({}) });
    expect(v.verdict).toBe('go');
    const moon = v.reasons.find((r) => r.startsWith('Moon '));
    expect(moon).toMatch(/^Moon \d+ % up from \d{1,2}:\d{2} PM$/);
  });

  it('speaks of soft factors on usable hours, and says when haze was not checked', () => {
    const v = verdict({
      current: MOONLESS,
      units: 'metric',
      hour: () => ({ humidity: 96, wind: 25 }),
      aod: () => 0.3,
      noAirQuality: false,
    });
    expect(v.verdict).toBe('go');
    expect(v.windUnit).toBe('km/h');
    expect(v.hours[0].wind).toBe(40.2);
    expect(v.reasons).toEqual([
      'clear and dark 20:58–05:39',
      'some haze (aerosol optical depth 0.3)',
      'humidity 96 %: expect dew on optics',
      'wind up to 40 km/h',
    ]);
    const unchecked = verdict({ current: MOONLESS, noAirQuality: true });
    expect(unchecked.hours[0].aod).toBeNull();
    expect(unchecked.reasons.at(-1)).toBe('haze not checked: air-quality data unavailable');
  });
});

describe('nights without astronomical darkness', () => {
  it('uses nautical darkness, flagged, where the Sun stays above −18° (London in June)', () => {
    const london = {
      latitude: 51.5074,
      longitude: -0.1278,
      timezone: 'Europe/London',
      utcOffsetSeconds: 3600,
    };
    const v = verdict({ current: '2026-06-20T15:00', place: london, units: 'metric' });
    expect(v.darkness).toMatchObject({ kind: 'nautical', flagged: true });
    expect(v.verdict).toBe('go');
    expect(v.reasons[0]).toMatch(
      /^no astronomical darkness tonight \(the Sun stays above −18°\): nautical darkness 23:\d\d–02:\d\d$/,
    );
  });

  it('says there is no darkness at all at 60°N in June, where even nautical twilight lasts all night', () => {
    const oslo = {
      latitude: 59.9139,
      longitude: 10.7522,
      timezone: 'Europe/Oslo',
      utcOffsetSeconds: 7200,
    };
    const v = verdict({ current: '2026-06-20T15:00', place: oslo });
    expect(v.darkness).toEqual({ kind: 'none', start: null, end: null, flagged: true });
    expect(v.verdict).toBe('no-go');
    expect(v.hours).toEqual([]);
    expect(v.reasons).toEqual(['no darkness tonight: the Sun stays above −12°']);
  });
});
