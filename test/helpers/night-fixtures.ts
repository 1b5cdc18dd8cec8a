// Fixture nights for the Tonight verdict (issue 28). The recorded Open-Meteo forecast
// (Charlotte NC, 13 September 2026) has no hourly cloud layers, wind or humidity, so
// each night is the recorded payload with its header, units and `current` block kept
// and its `hourly` block written for the night under test, in the real API's shape
// and units (`%`, `mp/h`). The air quality is the constructed payload of
// test/fixtures/extra (see its README) with its optical depths set per night.
import { readFixture } from './fixture-server';

export interface NightHour {
  low?: number;
  mid?: number;
  high?: number;
  /** Precipitation probability, %. */
  precipitation?: number;
  /** mph, as the recorded payload's units say. */
  wind?: number;
  humidity?: number;
}

export interface NightOptions {
  latitude: number;
  longitude: number;
  timezone: string;
  utcOffsetSeconds: number;
  /** The forecast's own "now", local: "2026-09-13T15:00". */
  current: string;
  /** The weather of each local hour ("YYYY-MM-DDTHH:00"). */
  hour: (local: string) => NightHour;
  /** How many hours the forecast holds from the first day's midnight (48 by default). */
  hours?: number;
}

function localHours(firstDay: string, count: number): string[] {
  const start = Date.parse(`${firstDay}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(start + i * 3_600_000).toISOString().slice(0, 16),
  );
}

/** An Open-Meteo forecast answer (as its JSON text) for a fixture night. */
export function nightForecast(o: NightOptions): string {
  const recorded = JSON.parse(readFixture('open-meteo-forecast.json').toString('utf8')) as Record<
    string,
    unknown
  > & { current: Record<string, unknown>; hourly_units: Record<string, string> };
  const time = localHours(o.current.slice(0, 10), o.hours ?? 48);
  const hours = time.map(o.hour);
  const column = (pick: (h: NightHour) => number | undefined, fallback: number) =>
    hours.map((h) => pick(h) ?? fallback);
  const low = column((h) => h.low, 0);
  const mid = column((h) => h.mid, 0);
  const high = column((h) => h.high, 0);
  return JSON.stringify({
    ...recorded,
    latitude: o.latitude,
    longitude: o.longitude,
    timezone: o.timezone,
    utc_offset_seconds: o.utcOffsetSeconds,
    current: { ...recorded.current, time: o.current },
    hourly_units: {
      ...recorded.hourly_units,
      precipitation_probability: '%',
      cloud_cover: '%',
      cloud_cover_low: '%',
      cloud_cover_mid: '%',
      cloud_cover_high: '%',
      relative_humidity_2m: '%',
      wind_speed_10m: 'mp/h',
    },
    hourly: {
      time,
      precipitation_probability: column((h) => h.precipitation, 0),
      // Open-Meteo's total is at least the largest layer.
      cloud_cover: hours.map((_, i) => Math.max(low[i], mid[i], high[i])),
      cloud_cover_low: low,
      cloud_cover_mid: mid,
      cloud_cover_high: high,
      relative_humidity_2m: column((h) => h.humidity, 70),
      wind_speed_10m: column((h) => h.wind, 4),
    },
  });
}

/** The constructed air-quality answer, its optical depths replaced by `aod(local)` when given. */
export function nightAirQuality(
  o: Pick<NightOptions, 'utcOffsetSeconds' | 'current' | 'hours'> & {
    aod?: (local: string) => number;
  },
): string {
  const payload = JSON.parse(readFixture('open-meteo-air-quality.json').toString('utf8')) as {
    utc_offset_seconds: number;
    hourly: { time: string[]; aerosol_optical_depth: (number | null)[] };
  };
  const time = localHours(o.current.slice(0, 10), o.hours ?? 48);
  const recorded = payload.hourly.aerosol_optical_depth;
  return JSON.stringify({
    ...payload,
    utc_offset_seconds: o.utcOffsetSeconds,
    hourly: {
      time,
      aerosol_optical_depth: time.map((t, i) => (o.aod ? o.aod(t) : recorded[i % recorded.length])),
    },
  });
}

/** Charlotte NC (the recorded forecast's place), EDT. */
export const CHARLOTTE = {
  latitude: 35.229,
  longitude: -80.8419,
  timezone: 'America/New_York',
  utcOffsetSeconds: -14_400,
} as const;
