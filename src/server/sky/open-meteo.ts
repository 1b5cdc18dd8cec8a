// Open-Meteo's forecast API: the request we send and the payload we accept.
import { z } from 'zod';

const num = z.number().finite();
const series = z.array(num.nullable());
const units = z.record(z.string(), z.string());

export const CURRENT_VARIABLES = [
  'temperature_2m',
  'apparent_temperature',
  'relative_humidity_2m',
  'dew_point_2m',
  'weather_code',
  'wind_speed_10m',
  'pressure_msl',
  'cloud_cover',
  'visibility',
  'uv_index',
] as const;
export const HOURLY_VARIABLES = [
  'precipitation_probability',
  'precipitation',
  'cloud_cover',
  'cloud_cover_low',
  'cloud_cover_mid',
  'cloud_cover_high',
  'visibility',
  'relative_humidity_2m',
  'wind_speed_10m',
] as const;
export type HourlyVariable = (typeof HOURLY_VARIABLES)[number];
export const DAILY_VARIABLES = [
  'sunrise',
  'sunset',
  'precipitation_probability_max',
  'precipitation_sum',
  'uv_index_max',
] as const;

export function forecastUrl(baseUrl: string, latitude: number, longitude: number): string {
  const q = new URLSearchParams({
    latitude: latitude.toFixed(4),
    longitude: longitude.toFixed(4),
    current: CURRENT_VARIABLES.join(','),
    hourly: HOURLY_VARIABLES.join(','),
    daily: DAILY_VARIABLES.join(','),
    temperature_unit: 'fahrenheit',
    wind_speed_unit: 'mph',
    precipitation_unit: 'inch',
    timezone: 'auto',
    forecast_days: '2',
  });
  return `${baseUrl}/v1/forecast?${q.toString()}`;
}

const localTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

export const forecastSchema = z.object({
  utc_offset_seconds: z.number().int().min(-86_400).max(86_400),
  timezone: z.string().max(64),
  current_units: units,
  current: z.object({
    time: localTime,
    temperature_2m: num,
    apparent_temperature: num,
    relative_humidity_2m: num,
    dew_point_2m: num,
    weather_code: num,
    wind_speed_10m: num,
    pressure_msl: num,
    cloud_cover: num,
    visibility: num,
    uv_index: num.nullable().optional(),
  }),
  // Hourly and daily blocks are optional: without them the answer degrades.
  hourly_units: units.optional(),
  hourly: z
    .object({
      time: z.array(localTime),
      precipitation_probability: series.optional(),
      precipitation: series.optional(),
      cloud_cover: series.optional(),
      cloud_cover_low: series.optional(),
      cloud_cover_mid: series.optional(),
      cloud_cover_high: series.optional(),
      visibility: series.optional(),
      relative_humidity_2m: series.optional(),
      wind_speed_10m: series.optional(),
    } satisfies Record<HourlyVariable | 'time', z.ZodType>)
    .optional(),
  daily_units: units.optional(),
  daily: z
    .object({
      time: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
      sunrise: z.array(localTime.nullable()).optional(),
      sunset: z.array(localTime.nullable()).optional(),
      precipitation_probability_max: series.optional(),
      precipitation_sum: series.optional(),
      uv_index_max: series.optional(),
    })
    .optional(),
});
export type Forecast = z.infer<typeof forecastSchema>;

/** Open-Meteo's local "YYYY-MM-DDTHH:MM" plus the place's offset → an instant. */
export const localToInstant = (local: string, offsetSeconds: number) =>
  new Date(Date.parse(`${local}:00Z`) - offsetSeconds * 1000);

/** The instant → local "YYYY-MM-DDTHH:MM" at the place's offset. */
export const instantToLocal = (date: Date, offsetSeconds: number) =>
  new Date(date.getTime() + offsetSeconds * 1000).toISOString().slice(0, 16);

export function withOffset(local: string, offsetSeconds: number): string {
  const sign = offsetSeconds < 0 ? '-' : '+';
  const abs = Math.abs(offsetSeconds);
  const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, '0');
  return `${local}:00${sign}${hh}:${mm}`;
}
