// SQL for sites' icons (sync/site-icons.ts).
import { chunks } from '../db/chunks';
import type { DB } from '../db/database';

export interface StoredIcon {
  id: number;
  data: string | null;
  fetched_at: number;
}

/** Every source's URL and type: the sites whose icons are looked for. */
export const sourceSites = (db: DB) =>
  db.selectFrom('news_sources').select(['url', 'source_type']).execute();

/** The icons stored for these origins, found or not. */
export async function iconsOf(db: DB, origins: string[]): Promise<Map<string, StoredIcon>> {
  const map = new Map<string, StoredIcon>();
  for (const part of chunks([...new Set(origins)])) {
    const rows = await db
      .selectFrom('site_icons')
      .select(['id', 'origin', 'data', 'fetched_at'])
      .where('origin', 'in', part)
      .execute();
    for (const { origin, ...icon } of rows) map.set(origin, icon);
  }
  return map;
}

export async function saveIcon(db: DB, origin: string, data: string | null, now: number) {
  await db
    .insertInto('site_icons')
    .values({ origin, data, fetched_at: now })
    .onConflict((oc) => oc.column('origin').doUpdateSet({ data, fetched_at: now }))
    .execute();
}

/** A found icon's data by its id, or undefined. */
export const iconById = (db: DB, id: number) =>
  db
    .selectFrom('site_icons')
    .select('data')
    .where('id', '=', id)
    .where('data', 'is not', null)
    .executeTakeFirst();
