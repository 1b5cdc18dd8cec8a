// The SQL of story ↔ launch links: written at ingestion (link-step.ts), read
// by the launch page (a launch's stories the caller can see) and by the news
// list (the launch chip of each story on a page).
import { sql } from 'kysely';
import type { DB, Tx } from '../db/database';
import { isActiveFor } from '../sources/visibility';

const BATCH = 400;

export interface NewLink {
  item_id: number;
  launch_id: string;
  method: 'id' | 'names';
  published_at: number;
}

/** Replaces the links of these items (rewritten stories are linked again) with `links`. */
export async function replaceLinks(
  tx: Tx,
  itemIds: readonly number[],
  links: readonly NewLink[],
  now: number,
): Promise<void> {
  for (let i = 0; i < itemIds.length; i += BATCH)
    await tx
      .deleteFrom('launch_links')
      .where('item_id', 'in', itemIds.slice(i, i + BATCH))
      .execute();
  for (let i = 0; i < links.length; i += BATCH)
    await tx
      .insertInto('launch_links')
      .values(links.slice(i, i + BATCH).map((l) => ({ ...l, created_at: now })))
      .onConflict((oc) => oc.columns(['item_id', 'launch_id']).doNothing())
      .execute();
}

export interface LinkedStory {
  launch_id: string;
  id: number;
  title: string;
  url: string;
  source_name: string | null;
  published_at: number;
}

/**
 * The newest `perLaunch` stories of each launch that the user's feed holds
 * (default sources they have not switched off, their own), newest first.
 */
export async function storiesOfLaunches(
  db: DB,
  userId: number,
  launchIds: readonly string[],
  perLaunch: number,
): Promise<LinkedStory[]> {
  if (launchIds.length === 0) return [];
  // The links first (by launch), then each story and its source by key. Written as
  // cross joins because SQLite keeps that order; left to itself it walks every item of
  // every visible source and probes the links (PostgreSQL plans it either way).
  const ranked = db
    .selectFrom('launch_links')
    .crossJoin('news_items')
    .crossJoin('news_sources')
    .whereRef('news_items.id', '=', 'launch_links.item_id')
    .whereRef('news_sources.id', '=', 'news_items.source_id')
    .where('launch_links.launch_id', 'in', [...launchIds])
    .where(isActiveFor(userId))
    .select([
      'launch_links.launch_id',
      'news_items.id',
      'news_items.title',
      'news_items.url',
      'news_sources.name as source_name',
      'news_items.published_at',
      sql<number>`row_number() over (partition by launch_links.launch_id order by launch_links.published_at desc, news_items.id desc)`.as(
        'rank',
      ),
    ])
    .as('ranked');
  return db
    .selectFrom(ranked)
    .select(['launch_id', 'id', 'title', 'url', 'source_name', 'published_at'])
    .where('rank', '<=', perLaunch)
    .orderBy('launch_id')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export interface ItemLaunch {
  item_id: number;
  launch_id: string;
  name: string;
  net: number | null;
  net_precision: string | null;
  status_id: number | null;
  status: string | null;
  status_abbrev: string | null;
}

/** The launch ids each of the given stories is linked to (the clusterer's shared-launch evidence). */
export async function launchIdsOfItems(
  db: DB | Tx,
  itemIds: readonly number[],
): Promise<Map<number, string[]>> {
  const links = new Map<number, string[]>();
  if (itemIds.length === 0) return links;
  const rows = await db
    .selectFrom('launch_links')
    .where('item_id', 'in', [...itemIds])
    .select(['item_id', 'launch_id'])
    .execute();
  for (const r of rows) links.set(r.item_id, [...(links.get(r.item_id) ?? []), r.launch_id]);
  return links;
}

/** The stored launches the given stories are linked to (a story may name several). */
export async function launchesOfItems(db: DB, itemIds: readonly number[]): Promise<ItemLaunch[]> {
  if (itemIds.length === 0) return [];
  return db
    .selectFrom('launch_links')
    .innerJoin('launches', 'launches.id', 'launch_links.launch_id')
    .where('launch_links.item_id', 'in', [...itemIds])
    .select([
      'launch_links.item_id',
      'launches.id as launch_id',
      'launches.name',
      'launches.net',
      'launches.net_precision',
      'launches.status_id',
      'launches.status',
      'launches.status_abbrev',
    ])
    .execute();
}
