// Open-Meteo's air-quality API: hourly aerosol optical depth (550 nm), the haze in the
// Tonight verdict. Base URL: OPEN_METEO_AIR_QUALITY_URL. Times are local to the place
// (timezone=auto), read with the payload's own UTC offset, like the forecast's.
import { z } from 'zod';
import { localToInstant } from './open-meteo';

export function airQualityUrl(baseUrl: string, latitude: number, longitude: number): string {
  const q = new URLSearchParams({
    latitude: latitude.toFixed(4),
    longitude: longitude.toFixed(4),
    hourly: 'aerosol_optical_depth',
    timezone: 'auto',
    forecast_days: '2',
  });
  return `${baseUrl}/v1/air-quality?${q.toString()}`;
}

const localTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

export const airQualitySchema = z.object({
  utc_offset_seconds: z.number().int().min(-86_400).max(86_400),
  hourly: z
    .object({
      time: z.array(localTime).max(24 * 16),
      aerosol_optical_depth: z.array(z.number().finite().min(0).max(20).nullable()).max(24 * 16),
    })
    .refine((h) => h.time.length === h.aerosol_optical_depth.length, {
      message: 'times and values differ in length',
    }),
});

export interface AirQuality {
  /** The optical depth of the hour starting at the instant (a local hour's start), or null. */
  at(date: Date): number | null;
}

export function toAirQuality(payload: z.infer<typeof airQualitySchema>): AirQuality {
  const byHour = new Map<number, number>();
  payload.hourly.time.forEach((local, i) => {
    const v = payload.hourly.aerosol_optical_depth[i];
    if (v !== null) byHour.set(localToInstant(local, payload.utc_offset_seconds).getTime(), v);
  });
  return {
    at: (date) => byHour.get(date.getTime()) ?? null,
  };
}
