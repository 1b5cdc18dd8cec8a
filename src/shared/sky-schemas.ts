// The sky calls' query schemas (spec 001 §2), for the server's routes.
import { z } from 'zod';
import { ZIP_MESSAGE } from './schemas';

export const moonPhaseQuerySchema = z.object({
  latitude: z.coerce
    .number({ error: 'Latitude must be between -90 and 90' })
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90'),
  longitude: z.coerce
    .number({ error: 'Longitude must be between -180 and 180' })
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180'),
});

export const weatherQuerySchema = z.object({
  zipCode: z
    .string()
    .regex(/^\d{5}$/, ZIP_MESSAGE)
    .optional(),
});
