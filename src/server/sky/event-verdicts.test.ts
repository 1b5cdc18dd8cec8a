// A sky-calendar event's verdict (tonight-answer.ts eventVerdicts): the night of the
// event, decided from the same cached forecast as Tonight, and nothing beyond it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHARLOTTE, nightAirQuality, nightForecast } from '../../../test/helpers/night-fixtures';
import { loadConfig } from '../config';
import { airQualitySchema, toAirQuality } from './air-quality';
import { forecastSchema } from './open-meteo';
import type { SkyService } from './service';
import { eventVerdicts } from './tonight-answer';
import type { CalendarEvent } from './event-searches';

// 13 September 2026 in Charlotte: the first night clear, the second clouded over.
const options = {
  ...CHARLOTTE,
  current: '2026-09-13T15:00',
  hours: 72,
  hour: (t: string) => (t >= '2026-09-14T12:00' ? { low: 90, mid: 90, high: 90 } : {}),
};
const forecast = forecastSchema.parse(JSON.parse(nightForecast(options)));
const air = toAirQuality(airQualitySchema.parse(JSON.parse(nightAirQuality(options))));
const sky = {
  forecast: () => Promise.resolve(forecast),
  airQuality: () => Promise.resolve(air),
} as unknown as SkyService;
const place = { name: 'Charlotte', latitude: CHARLOTTE.latitude, longitude: CHARLOTTE.longitude };
const event = (at: string) => ({ at }) as CalendarEvent;

describe("a sky event's verdict", () => {
  afterEach(() => vi.useRealTimers());
  const verdictOf = eventVerdicts(sky, loadConfig({ LOG_LEVEL: 'silent' }));

  it('decides the night of the event, from the forecast', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-09-13T19:00:00Z'));
    // 23:00 EDT on the 13th: inside the first, clear night.
    expect(await verdictOf(event('2026-09-14T03:00:00Z'), place)).toMatchObject({
      verdict: 'go',
    });
    // Noon EDT on the 14th: the next night, clouded over.
    expect(await verdictOf(event('2026-09-14T16:00:00Z'), place)).toMatchObject({
      verdict: 'no-go',
      reasons: [expect.stringContaining('cloud')],
    });
  });

  it('gives none beyond the forecast or long past', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-09-13T19:00:00Z'));
    // The forecast holds three days: the third night runs past its end.
    expect(await verdictOf(event('2026-09-16T03:00:00Z'), place)).toBeUndefined();
    expect(await verdictOf(event('2026-12-24T03:00:00Z'), place)).toBeUndefined();
    expect(await verdictOf(event('2026-09-01T03:00:00Z'), place)).toBeUndefined();
  });
});
