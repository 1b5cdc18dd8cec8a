// Open-Meteo → the weather answer: units read from `*_units` (imperial and metric
// payloads give the same answer), the spec's fields, and tonight's outlook.
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/helpers/fixture-server';
import { forecastSchema, forecastUrl, type Forecast } from './open-meteo';
import { bestHours } from './tonight';
import { UnitError, convert } from './units';
import { presentWeather } from './weather';
import { lookupZip } from './zip';

const load = (name: string): Forecast =>
  forecastSchema.parse(JSON.parse(readFixture(name).toString('utf8')));
const charlotte = lookupZip('28202');
if (!charlotte) throw new Error('28202 is Charlotte, NC');

describe('units', () => {
  it('converts what Open-Meteo says it sent', () => {
    expect(convert('temperature', '°C', 100)).toBe(212);
    expect(convert('temperature', '°F', 78.3)).toBe(78.3);
    expect(convert('speed', 'km/h', 16.09344)).toBeCloseTo(10, 6);
    expect(convert('speed', 'mp/h', 4)).toBe(4);
    expect(convert('speed', 'm/s', 10)).toBeCloseTo(22.369, 3);
    expect(convert('speed', 'kn', 10)).toBeCloseTo(11.508, 3);
    expect(convert('precipitation', 'mm', 25.4)).toBe(1);
    expect(convert('distance', 'ft', 52821.524)).toBeCloseTo(16100, 2);
    expect(convert('pressure', 'hPa', 1015.1)).toBeCloseTo(29.976, 3);
  });

  it('refuses a unit it does not know instead of guessing', () => {
    expect(() => convert('temperature', 'K', 300)).toThrow(UnitError);
    expect(() => convert('distance', undefined, 1)).toThrow(UnitError);
  });
});

describe('weather answer', () => {
  const imperial = presentWeather(load('open-meteo-forecast.json'), charlotte);

  it('carries every field of the spec in US units', () => {
    expect(imperial).toMatchObject({
      locationName: 'Charlotte, NC',
      latitude: 35.229,
      longitude: -80.8419,
      timezone: 'America/New_York',
      description: 'Partly cloudy',
      conditions: 'Clouds',
      temperature: 78,
      feelsLike: 87,
      uvIndex: 4.5,
      humidity: 85,
      sunrise: '2026-09-13T07:04:00-04:00',
      sunset: '2026-09-13T19:32:00-04:00',
      precipitationAmount: 0,
      windSpeed: 4,
      visibility: 10,
      pressure: 29.98,
      dewPoint: 73,
      cloudCoverage: 55,
      stargazingRating: 6,
      stargazingDescription: 'Good conditions for stargazing',
    });
    // 24 hours from 10:00 on the 13th: the day's 12% fell at 06:00, before now.
    expect(imperial.precipitationChance).toBe(6);
    expect(imperial.stargazingExplanation.visibility).toBe(16100);
    expect(imperial.stargazingExplanation.factors.map((f) => [f.key, f.score])).toEqual([
      ['cloud', 45],
      ['visibility', 100],
      ['humidity', 15],
      ['wind', 80],
    ]);
  });

  it('gives the same answer from the metric variant of the payload', () => {
    const metric = presentWeather(load('open-meteo-forecast-metric.json'), charlotte);
    expect(metric).toEqual(imperial);
  });

  it('is refused when a unit is unknown', () => {
    const f = load('open-meteo-forecast.json');
    const odd = { ...f, current_units: { ...f.current_units, visibility: 'furlongs' } };
    expect(() => presentWeather(odd, charlotte)).toThrow(UnitError);
  });

  it('rejects malformed payloads at the schema', () => {
    const f = JSON.parse(readFixture('open-meteo-forecast.json').toString('utf8')) as Record<
      string,
      Record<string, unknown>
    >;
    expect(
      forecastSchema.safeParse({ ...f, current: { ...f.current, temperature_2m: 'hot' } }).success,
    ).toBe(false);
    expect(forecastSchema.safeParse({ ...f, current: undefined }).success).toBe(false);
    expect(
      forecastSchema.safeParse({ reason: 'Latitude must be in range', error: true }).success,
    ).toBe(false);
  });

  it('asks for US units, the hourly cloud layers and the local time zone', () => {
    const url = new URL(forecastUrl('http://meteo.test', 35.229, -80.8419));
    expect(url.pathname).toBe('/v1/forecast');
    expect(url.searchParams.get('timezone')).toBe('auto');
    expect(url.searchParams.get('temperature_unit')).toBe('fahrenheit');
    expect(url.searchParams.get('wind_speed_unit')).toBe('mph');
    expect(url.searchParams.get('precipitation_unit')).toBe('inch');
    expect(url.searchParams.get('hourly')?.split(',')).toEqual(
      expect.arrayContaining([
        'cloud_cover',
        'cloud_cover_low',
        'cloud_cover_mid',
        'cloud_cover_high',
        'visibility',
        'relative_humidity_2m',
        'wind_speed_10m',
      ]),
    );
  });
});

describe('tonight', () => {
  it('gives the darkness window and degrades without hourly clouds', () => {
    const t = presentWeather(load('open-meteo-forecast.json'), charlotte).tonight;
    // Astronomical dusk and dawn in Charlotte on 13–14 September: about 20:58 and 05:39 EDT.
    expect(t.darkStart?.slice(0, 16)).toBe('2026-09-14T00:58');
    expect(t.darkEnd?.slice(0, 16)).toBe('2026-09-14T09:39');
    expect(t.hours).toEqual([]);
    expect(t.bestHours).toBeNull();
    expect(t.summary).toBe(
      'Dark from 8:58 PM to 5:39 AM; no Moon in the sky; hourly cloud cover unavailable.',
    );
  });

  it('names the clearest hours from the hourly cloud cover over the window', () => {
    // The recorded payload has no hourly clouds; these are added by the test.
    const f = load('open-meteo-forecast.json');
    const times = f.hourly?.time ?? [];
    const cover = times.map((t) => {
      const hour = Number(t.slice(11, 13));
      return t.startsWith('2026-09-14') && hour >= 1 && hour < 3 ? 5 : 60;
    });
    const withClouds: Forecast = {
      ...f,
      hourly: {
        ...(f.hourly ?? { time: [] }),
        cloud_cover: cover,
        cloud_cover_low: cover.map(() => 10),
      },
    };
    const t = presentWeather(withClouds, charlotte).tonight;
    expect(t.hours.map((h) => h.hour)).toEqual([
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
    expect(t.bestHours).toBe('01:00–03:00');
    expect(t.hours[0]).toEqual({
      hour: '20:00',
      cloudCover: 60,
      cloudCoverLow: 10,
      cloudCoverMid: null,
      cloudCoverHigh: null,
    });
    expect(t.summary).toBe(
      'Dark from 8:58 PM to 5:39 AM; no Moon in the sky; 5–60% cloud cover, clearest 1:00 AM–3:00 AM.',
    );
  });

  it('widens the best stretch to neighbours within 10 points of the clearest hour', () => {
    const h = (hour: string, cloudCover: number) => ({
      hour,
      cloudCover,
      cloudCoverLow: null,
      cloudCoverMid: null,
      cloudCoverHigh: null,
    });
    expect(
      bestHours([h('22:00', 50), h('23:00', 12), h('00:00', 8), h('01:00', 18), h('02:00', 19)]),
    ).toBe('23:00–02:00');
    expect(bestHours([h('23:00', 0)])).toBe('23:00–00:00');
    expect(bestHours([])).toBeNull();
  });
});
