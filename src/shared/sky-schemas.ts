// The sky calls' query schemas (spec 001 §2), for the server's routes.
import { z } from 'zod';
import { ZIP_MESSAGE, zipCodeField } from './schemas';

export const LATITUDE_MESSAGE = 'Latitude must be between -90 and 90';
export const LONGITUDE_MESSAGE = 'Longitude must be between -180 and 180';

export const moonPhaseQuerySchema = z.object({
  latitude: z.coerce
    .number({ error: LATITUDE_MESSAGE })
    .min(-90, LATITUDE_MESSAGE)
    .max(90, LATITUDE_MESSAGE),
  longitude: z.coerce
    .number({ error: LONGITUDE_MESSAGE })
    .min(-180, LONGITUDE_MESSAGE)
    .max(180, LONGITUDE_MESSAGE),
});

export const weatherQuerySchema = z.object({
  zipCode: z
    .string()
    .regex(/^\d{5}$/, ZIP_MESSAGE)
    .optional(),
});

// ---------- anywhere on Earth (issue 28) ----------

export const BOTH_COORDINATES_MESSAGE = 'Give both a latitude and a longitude.';
export const ZIP_OR_COORDINATES_MESSAGE =
  'Give either a ZIP code or a latitude and longitude, not both.';
export const NOTHING_TO_UPDATE_MESSAGE =
  'Give a ZIP code, a latitude and longitude, or the units to use.';
export const UNITS_MESSAGE = 'Units must be "us" or "metric".';

const latitude = z
  .number({ error: LATITUDE_MESSAGE })
  .min(-90, LATITUDE_MESSAGE)
  .max(90, LATITUDE_MESSAGE);
const longitude = z
  .number({ error: LONGITUDE_MESSAGE })
  .min(-180, LONGITUDE_MESSAGE)
  .max(180, LONGITUDE_MESSAGE);

/**
 * POST /_api/profile/update_location: {latitude, longitude} or {zipCode} (null
 * removes the place), either with `units`, or `units` alone.
 */
export const updateLocationSchema = z
  .object({
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    zipCode: zipCodeField.optional(),
    units: z.enum(['us', 'metric'], { error: UNITS_MESSAGE }).optional(),
  })
  .superRefine((v, ctx) => {
    const lat = v.latitude !== undefined;
    const lon = v.longitude !== undefined;
    if (lat !== lon) ctx.addIssue({ code: 'custom', message: BOTH_COORDINATES_MESSAGE });
    else if (lat && v.zipCode !== undefined)
      ctx.addIssue({ code: 'custom', message: ZIP_OR_COORDINATES_MESSAGE });
    else if (!lat && v.zipCode === undefined && v.units === undefined)
      ctx.addIssue({ code: 'custom', message: NOTHING_TO_UPDATE_MESSAGE });
  });
export type UpdateLocationInput = z.infer<typeof updateLocationSchema>;

export const placeSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type at least 2 letters of a city name.' })
    .trim()
    .min(2, 'Type at least 2 letters of a city name.')
    .max(64, 'A city name is at most 64 characters.'),
});
