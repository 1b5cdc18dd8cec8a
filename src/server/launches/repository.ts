// Every SQL statement on the launch store and its history: upserting what a
// poll read (a history row only when net, precision, status or window
// changed), and the reads of the page, the feed items and other modules.
import type { Selectable } from 'kysely';
import type { DB, Tx } from '../db/database';
import type { LaunchesTable, LaunchHistoryTable } from '../db/tables';
import { changed, type Tracked } from './history';
import type { LaunchRecord, UpdateRecord, WebcastRecord } from './records';

export type LaunchRow = Selectable<LaunchesTable>;
export type HistoryRow = Selectable<LaunchHistoryTable>;

const LOOKUP_BATCH = 500;
export const DAY_MS = 24 * 3_600_000;

const ms = (iso: string | null) => {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
};

function parseList<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export const webcastsOf = (row: Pick<LaunchRow, 'webcasts'>) =>
  parseList<WebcastRecord>(row.webcasts);
export const updatesOf = (row: Pick<LaunchRow, 'updates'>) => parseList<UpdateRecord>(row.updates);
export const programsOf = (row: Pick<LaunchRow, 'programs'>) => parseList<string>(row.programs);

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

/** A stored row as the record it was read from (the feed item is made from it). */
export function rowToRecord(row: LaunchRow): LaunchRecord {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    apiUrl: row.api_url,
    lastUpdated: iso(row.last_updated),
    net: iso(row.net),
    netPrecision: row.net_precision,
    windowStart: iso(row.window_start),
    windowEnd: iso(row.window_end),
    statusId: row.status_id,
    status: row.status,
    statusAbbrev: row.status_abbrev,
    failReason: row.fail_reason,
    holdReason: row.hold_reason,
    provider: row.provider,
    providerAbbrev: row.provider_abbrev,
    vehicle: row.vehicle,
    vehicleName: row.vehicle_name,
    vehicleFamily: row.vehicle_family,
    mission: row.mission,
    missionDescription: row.mission_description,
    missionType: row.mission_type,
    orbit: row.orbit,
    pad: row.pad,
    location: row.location,
    programs: programsOf(row),
    imageUrl: row.image_url,
    webcastLive: row.webcast_live === 1,
    webcasts: webcastsOf(row),
    infoUrls: parseList<string>(row.info_urls),
    updates: updatesOf(row),
  };
}

/** The columns a record sets; lists the response did not carry keep their stored value. */
function columnsOf(record: LaunchRecord) {
  return {
    name: record.name,
    slug: record.slug,
    api_url: record.apiUrl,
    net: ms(record.net),
    net_precision: record.netPrecision,
    window_start: ms(record.windowStart),
    window_end: ms(record.windowEnd),
    status_id: record.statusId,
    status: record.status,
    status_abbrev: record.statusAbbrev,
    fail_reason: record.failReason,
    hold_reason: record.holdReason,
    provider: record.provider,
    provider_abbrev: record.providerAbbrev,
    vehicle: record.vehicle,
    vehicle_name: record.vehicleName,
    vehicle_family: record.vehicleFamily,
    mission: record.mission,
    mission_description: record.missionDescription,
    mission_type: record.missionType,
    orbit: record.orbit,
    pad: record.pad,
    location: record.location,
    programs: JSON.stringify(record.programs),
    image_url: record.imageUrl,
    webcast_live: record.webcastLive ? (1 as const) : (0 as const),
    ...(record.webcasts ? { webcasts: JSON.stringify(record.webcasts) } : {}),
    ...(record.infoUrls ? { info_urls: JSON.stringify(record.infoUrls) } : {}),
    ...(record.updates ? { updates: JSON.stringify(record.updates) } : {}),
    last_updated: ms(record.lastUpdated),
  };
}

const tracked = (c: Tracked): Tracked => ({
  net: c.net,
  net_precision: c.net_precision,
  status: c.status,
  window_start: c.window_start,
  window_end: c.window_end,
});

export interface StoreOutcome {
  added: number;
  /** Launches whose net, precision, status or window changed. */
  changed: string[];
}

/**
 * Stores what a poll read, in one transaction. A copy older than the stored one
 * (LL2's last_updated) is skipped, so a cached answer never rolls a launch back.
 * `detailed`: the copies came in detailed mode (their last_updated is remembered).
 */
export async function storeLaunches(
  db: DB,
  records: readonly LaunchRecord[],
  now: number,
  detailed: boolean,
): Promise<StoreOutcome> {
  if (records.length === 0) return { added: 0, changed: [] };
  const unique = [...new Map(records.map((r) => [r.id, r])).values()];
  return db.transaction().execute(async (tx) => {
    const existing = new Map<string, LaunchRow>();
    for (let i = 0; i < unique.length; i += LOOKUP_BATCH) {
      const rows = await tx
        .selectFrom('launches')
        .selectAll()
        .where(
          'id',
          'in',
          unique.slice(i, i + LOOKUP_BATCH).map((r) => r.id),
        )
        .execute();
      for (const r of rows) existing.set(r.id, r);
    }
    const outcome: StoreOutcome = { added: 0, changed: [] };
    await tx
      .updateTable('launch_poll_state')
      .set((eb) => ({ store_version: eb('store_version', '+', 1) }))
      .where('id', '=', 1)
      .execute();
    for (const record of unique) {
      const columns = columnsOf(record);
      const old = existing.get(record.id);
      const detailedUpdated = detailed ? { detailed_updated: columns.last_updated } : {};
      if (!old) {
        await tx
          .insertInto('launches')
          .values({
            id: record.id,
            ...columns,
            ...detailedUpdated,
            first_seen_at: now,
            seen_at: now,
          })
          .execute();
        await insertHistory(tx, record.id, tracked(columns), columns.last_updated, now);
        outcome.added++;
        continue;
      }
      if (old.last_updated !== null && (columns.last_updated ?? 0) < old.last_updated) continue;
      const moved = changed(tracked(old), tracked(columns));
      await tx
        .updateTable('launches')
        .set({
          ...columns,
          ...detailedUpdated,
          seen_at: now,
          ...(moved ? { changes: old.changes + 1 } : {}),
        })
        .where('id', '=', record.id)
        .execute();
      if (moved) {
        await insertHistory(tx, record.id, tracked(columns), columns.last_updated, now);
        outcome.changed.push(record.id);
      }
    }
    return outcome;
  });
}

async function insertHistory(
  tx: Tx,
  launchId: string,
  t: Tracked,
  lastUpdated: number | null,
  now: number,
): Promise<void> {
  await tx
    .insertInto('launch_history')
    .values({ launch_id: launchId, observed_at: now, ...t, last_updated: lastUpdated })
    .execute();
}

export async function findLaunch(db: DB, id: string): Promise<LaunchRow | undefined> {
  return db.selectFrom('launches').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What the launch list shows of a launch: no comments, no description (the details have them). */
const LIST_COLUMNS = [
  'id',
  'name',
  'net',
  'net_precision',
  'window_start',
  'window_end',
  'status_id',
  'status',
  'status_abbrev',
  'changes',
  'mission',
  'vehicle',
  'provider',
  'pad',
  'location',
  'webcast_live',
  'webcasts',
  'image_url',
  'last_updated',
] as const;
export type LaunchListRow = Pick<LaunchRow, (typeof LIST_COLUMNS)[number]>;

/** The list's launches with a NET from `from` on, earliest first. */
export async function listedLaunches(
  db: DB,
  from: number,
  limit: number,
): Promise<LaunchListRow[]> {
  return db
    .selectFrom('launches')
    .select([...LIST_COLUMNS])
    .where('net', '>=', from)
    .orderBy('net')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Launches with a NET in [from, to], earliest first. */
export async function launchesWithNetBetween(
  db: DB,
  from: number,
  to: number,
  limit = 1000,
): Promise<LaunchRow[]> {
  return db
    .selectFrom('launches')
    .selectAll()
    .where('net', '>=', from)
    .where('net', '<=', to)
    .orderBy('net')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A launch's history, oldest first. */
export async function historyOf(db: DB, launchId: string): Promise<HistoryRow[]> {
  return db
    .selectFrom('launch_history')
    .selectAll()
    .where('launch_id', '=', launchId)
    .orderBy('observed_at')
    .orderBy('id')
    .execute();
}

/** The NET and precision histories of several launches, oldest first each. */
export async function dateHistories(
  db: DB,
  launchIds: readonly string[],
): Promise<Map<string, Array<Pick<HistoryRow, 'net' | 'net_precision'>>>> {
  const out = new Map<string, Array<Pick<HistoryRow, 'net' | 'net_precision'>>>();
  for (let i = 0; i < launchIds.length; i += LOOKUP_BATCH) {
    const rows = await db
      .selectFrom('launch_history')
      .select(['launch_id', 'net', 'net_precision'])
      .where('launch_id', 'in', launchIds.slice(i, i + LOOKUP_BATCH))
      .orderBy('launch_id')
      .orderBy('observed_at')
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const list = out.get(r.launch_id) ?? [];
      list.push(r);
      out.set(r.launch_id, list);
    }
  }
  return out;
}

/** The soonest NETs at or after `from` (the poll planner's view), earliest first. */
export async function nextLaunches(
  db: DB,
  from: number,
  limit: number,
): Promise<Array<Pick<LaunchRow, 'id' | 'net' | 'net_precision' | 'status_id' | 'status'>>> {
  return db
    .selectFrom('launches')
    .select(['id', 'net', 'net_precision', 'status_id', 'status'])
    .where('net', '>=', from)
    .orderBy('net')
    .limit(limit)
    .execute();
}

/** How many launches are stored (the first poll is a full sweep). */
export async function launchCount(db: DB): Promise<number> {
  const row = await db
    .selectFrom('launches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** Launches near T−0 whose detailed copy is missing or older than what a sweep read. */
export async function needDetail(db: DB, from: number, to: number): Promise<number> {
  const row = await db
    .selectFrom('launches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('net', '>=', from)
    .where('net', '<=', to)
    .where((eb) =>
      eb.or([
        eb('detailed_updated', 'is', null),
        eb('last_updated', '>', eb.ref('detailed_updated')),
      ]),
    )
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** The store's version: it changes whenever launches are written (the list's cache key). */
export async function storeVersion(db: DB): Promise<number> {
  const row = await db
    .selectFrom('launch_poll_state')
    .select('store_version')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.store_version ?? 0;
}
