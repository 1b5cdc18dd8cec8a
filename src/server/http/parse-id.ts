// Row ids arrive in paths and bodies as strings.
import { notFound } from './errors';

/** The largest id a row may have (a 32-bit integer column on PostgreSQL). */
const MAX_ID = 2_147_483_647;

/** The id in `raw`; anything that is not one of ours is simply not found (404 with `notFoundMessage`). */
export function parseId(raw: string, notFoundMessage: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(id >= 1 && id <= MAX_ID)) throw notFound(notFoundMessage);
  return id;
}
