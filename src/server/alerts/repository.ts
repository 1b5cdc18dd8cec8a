// SQL for channels, rules, quiet hours and watched subjects. Every read or
// write of a user's thing names the user: another user's id matches nothing.
import { sql } from 'kysely';
import { chunks } from '../db/chunks';
import type { DB } from '../db/database';
import type { AlertChannelRow, AlertRuleRow } from '../db/tables';

// ---- channels ----

export async function listChannels(db: DB, userId: number): Promise<AlertChannelRow[]> {
  return db
    .selectFrom('alert_channels')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function findChannel(db: DB, userId: number, id: number) {
  return db
    .selectFrom('alert_channels')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function channelsByIds(db: DB, ids: number[]): Promise<AlertChannelRow[]> {
  const rows: AlertChannelRow[] = [];
  for (const part of chunks(ids))
    rows.push(
      ...(await db.selectFrom('alert_channels').selectAll().where('id', 'in', part).execute()),
    );
  return rows;
}

export type NewChannel = Pick<
  AlertChannelRow,
  'user_id' | 'kind' | 'name' | 'config' | 'token' | 'secret' | 'origin'
>;

export async function insertChannel(db: DB, channel: NewChannel, now: number): Promise<number> {
  const { id } = await db
    .insertInto('alert_channels')
    .values({ ...channel, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function deleteChannel(db: DB, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('alert_channels')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A push subscription the push service no longer knows: kept in the list, never used again. */
export async function markChannelGone(db: DB, id: number, reason: string, now: number) {
  await db
    .updateTable('alert_channels')
    .set({ status: 'gone', status_reason: reason, updated_at: now })
    .where('id', '=', id)
    .execute();
}

// ---- rules ----

export async function listRules(db: DB, userId: number): Promise<AlertRuleRow[]> {
  return db
    .selectFrom('alert_rules')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function findRule(db: DB, userId: number, id: number) {
  return db
    .selectFrom('alert_rules')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function countRules(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('alert_rules')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The enabled rules of one trigger kind (one index range). */
export async function enabledRules(db: DB, kind: string): Promise<AlertRuleRow[]> {
  return db
    .selectFrom('alert_rules')
    .selectAll()
    .where('trigger_kind', '=', kind)
    .where('enabled', '=', 1)
    .orderBy('id')
    .execute();
}

/** Channel ids of every enabled rule of a kind (one query, however many rules). */
export async function enabledRuleChannels(db: DB, kind: string): Promise<Map<number, number[]>> {
  const rows = await db
    .selectFrom('alert_rule_channels')
    .innerJoin('alert_rules', 'alert_rules.id', 'alert_rule_channels.rule_id')
    .select(['alert_rule_channels.rule_id', 'alert_rule_channels.channel_id'])
    .where('alert_rules.trigger_kind', '=', kind)
    .where('alert_rules.enabled', '=', 1)
    .execute();
  const map = new Map<number, number[]>();
  for (const r of rows) {
    const list = map.get(r.rule_id);
    if (list) list.push(r.channel_id);
    else map.set(r.rule_id, [r.channel_id]);
  }
  return map;
}

/** Channel ids per rule. */
export async function ruleChannels(db: DB, ruleIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  for (const part of chunks(ruleIds)) {
    const rows = await db
      .selectFrom('alert_rule_channels')
      .select(['rule_id', 'channel_id'])
      .where('rule_id', 'in', part)
      .orderBy('channel_id')
      .execute();
    for (const r of rows) {
      const list = map.get(r.rule_id);
      if (list) list.push(r.channel_id);
      else map.set(r.rule_id, [r.channel_id]);
    }
  }
  return map;
}

export interface RuleValues {
  trigger_kind: string;
  trigger: string;
  enabled: 0 | 1;
  override_quiet: 0 | 1;
  enabled_at: number;
  cursor: number | null;
  state: string | null;
}

export async function insertRule(
  db: DB,
  userId: number,
  values: RuleValues,
  channelIds: number[],
  now: number,
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const { id } = await tx
      .insertInto('alert_rules')
      .values({ ...values, user_id: userId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('alert_rule_channels')
      .values(channelIds.map((channel_id) => ({ rule_id: id, channel_id })))
      .execute();
    return id;
  });
}

export async function updateRule(
  db: DB,
  id: number,
  values: Partial<RuleValues>,
  channelIds: number[] | undefined,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('alert_rules')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .execute();
    if (channelIds) {
      await tx.deleteFrom('alert_rule_channels').where('rule_id', '=', id).execute();
      if (channelIds.length > 0)
        await tx
          .insertInto('alert_rule_channels')
          .values(channelIds.map((channel_id) => ({ rule_id: id, channel_id })))
          .execute();
    }
  });
}

export async function deleteRule(db: DB, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('alert_rules')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Saves rules' memory: one statement per 500 rules, since a storm or a clear
 * evening changes thousands at once (one UPDATE each was most of a storm's look
 * on PostgreSQL: bench/README.md, sky rules). `UPDATE … FROM (VALUES …)` reads
 * the same on both dialects; its columns are column1, column2 on both.
 */
export async function saveRuleStates(
  db: DB,
  changes: { id: number; state: string }[],
  now: number,
) {
  for (const part of chunks(changes)) {
    const values = sql.join(part.map((c) => sql`(${c.id}, ${c.state})`));
    await sql`UPDATE alert_rules SET state = v.column2, updated_at = ${now}
      FROM (VALUES ${values}) AS v WHERE alert_rules.id = CAST(v.column1 AS integer)`.execute(db);
  }
}

/** Sets one stories rule's high-water mark (with the alerts it sent up to there). */
export async function saveRuleCursor(db: DB, id: number, cursor: number, now: number) {
  await db
    .updateTable('alert_rules')
    .set({ cursor, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Moves stories rules' high-water marks forward (never back). */
export async function advanceCursors(db: DB, ids: number[], upTo: number, now: number) {
  for (const part of chunks(ids)) {
    await db
      .updateTable('alert_rules')
      .set({ cursor: upTo, updated_at: now })
      .where('id', 'in', part)
      .where((eb) => eb.or([eb('cursor', 'is', null), eb('cursor', '<', upTo)]))
      .execute();
  }
}

/** Of these rules, those whose "now" events may break quiet hours. */
export async function rulesOverridingQuiet(db: DB, ruleIds: number[]): Promise<Set<number>> {
  const set = new Set<number>();
  for (const part of chunks([...new Set(ruleIds)])) {
    const rows = await db
      .selectFrom('alert_rules')
      .select('id')
      .where('id', 'in', part)
      .where('override_quiet', '=', 1)
      .execute();
    for (const r of rows) set.add(r.id);
  }
  return set;
}

// ---- settings ----

export async function findSettings(db: DB, userId: number) {
  return db
    .selectFrom('alert_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function settingsFor(db: DB, userIds: number[]) {
  const map = new Map<
    number,
    { quiet_start: number | null; quiet_end: number | null; time_zone: string | null }
  >();
  for (const part of chunks([...new Set(userIds)])) {
    const rows = await db
      .selectFrom('alert_settings')
      .select(['user_id', 'quiet_start', 'quiet_end', 'time_zone'])
      .where('user_id', 'in', part)
      .execute();
    for (const r of rows) map.set(r.user_id, r);
  }
  return map;
}

export async function saveSettings(
  db: DB,
  userId: number,
  changes: { quiet_start?: number | null; quiet_end?: number | null; time_zone?: string | null },
  now: number,
) {
  await db
    .insertInto('alert_settings')
    .values({
      user_id: userId,
      quiet_start: changes.quiet_start ?? null,
      quiet_end: changes.quiet_end ?? null,
      time_zone: changes.time_zone ?? null,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...changes, updated_at: now }))
    .execute();
}

// ---- watched subjects (what the engine last saw of each launch) ----

export async function findSubjects(db: DB, kind: string, keys?: string[]) {
  const map = new Map<string, string>();
  if (keys === undefined) {
    const rows = await db
      .selectFrom('alert_subjects')
      .select(['key', 'state'])
      .where('kind', '=', kind)
      .execute();
    for (const r of rows) map.set(r.key, r.state);
    return map;
  }
  for (const part of chunks(keys)) {
    const rows = await db
      .selectFrom('alert_subjects')
      .select(['key', 'state'])
      .where('kind', '=', kind)
      .where('key', 'in', part)
      .execute();
    for (const r of rows) map.set(r.key, r.state);
  }
  return map;
}

export async function saveSubjects(db: DB, kind: string, states: Map<string, string>, now: number) {
  for (const part of chunks([...states], 200)) {
    await db
      .insertInto('alert_subjects')
      .values(part.map(([key, state]) => ({ kind, key, state, updated_at: now })))
      .onConflict((oc) =>
        oc.columns(['kind', 'key']).doUpdateSet((eb) => ({
          state: eb.ref('excluded.state'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

/** Subjects nobody has reported for a long time (launches long past). */
export async function pruneSubjects(db: DB, before: number) {
  await db.deleteFrom('alert_subjects').where('updated_at', '<', before).execute();
}
