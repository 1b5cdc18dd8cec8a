// The outbox: alerts keyed by their identity (UNIQUE) with one delivery per
// channel (UNIQUE), written before anything is sent. An instance sends an
// alert only while it holds the alert's claim (claimed_by, claim_expires_at),
// taken in one UPDATE (SKIP LOCKED on PostgreSQL); a claim left by a dead
// instance expires and the alert is taken again, so nothing due is lost.
import { chunks } from '../db/chunks';
import { dialectOf, type DB, type Tx } from '../db/database';
import type { AlertDeliveryRow, AlertRow } from '../db/tables';
import type { AlertIntent } from './triggers/types';

export interface RuleTarget {
  id: number;
  user_id: number;
  /** When the rule was last turned on: alerts of an earlier time on do not block new ones. */
  enabled_at: number;
  /** The rule's channels: one delivery each. */
  channelIds: number[];
}

export interface Enqueue {
  rule: RuleTarget;
  intent: AlertIntent;
}

export const identityOf = (rule: Pick<RuleTarget, 'id' | 'enabled_at'>, key: string) =>
  `${rule.id}.${rule.enabled_at}|${key}`;

/**
 * Stores alerts and their deliveries; an identity already stored is left as it
 * is (a second look, another instance). Returns how many alerts are new.
 */
export async function enqueue(db: DB | Tx, items: Enqueue[], now: number): Promise<number> {
  let added = 0;
  const byIdentity = new Map(items.map((e) => [identityOf(e.rule, e.intent.key), e]));
  // Large statements: a launch event may fan out to thousands of rules (bench/alerts.ts).
  for (const part of chunks([...byIdentity.values()], 1000)) {
    const rows = await db
      .insertInto('alerts')
      .values(
        part.map(({ rule, intent }) => ({
          identity: identityOf(rule, intent.key),
          user_id: rule.user_id,
          rule_id: rule.id,
          kind: intent.kind,
          group_key: intent.group ?? null,
          payload: JSON.stringify(intent.payload),
          status: 'pending' as const,
          due_at: intent.dueAt,
          now_event: intent.nowEvent ? (1 as const) : (0 as const),
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.column('identity').doNothing())
      .returning(['id', 'identity', 'due_at'])
      .execute();
    added += rows.length;
    const deliveries = rows.flatMap((row) => {
      const { rule } = byIdentity.get(row.identity)!;
      return rule.channelIds.map((channel_id) => ({
        alert_id: row.id,
        channel_id,
        user_id: rule.user_id,
        status: 'pending' as const,
        next_attempt_at: row.due_at,
        created_at: now,
        updated_at: now,
      }));
    });
    for (const d of chunks(deliveries, 2000)) {
      await db
        .insertInto('alert_deliveries')
        .values(d)
        .onConflict((oc) => oc.columns(['alert_id', 'channel_id']).doNothing())
        .execute();
    }
  }
  return added;
}

/** Cancels the pending, unclaimed alerts of a group, of a rule, or of a rule in a group, and their deliveries. */
async function cancelPending(
  db: DB | Tx,
  scope: { group?: string; ruleId?: number },
  reason: string,
  now: number,
) {
  const pending = db
    .selectFrom('alerts')
    .where('status', '=', 'pending')
    .where('claim_expires_at', '<=', now)
    .$if(scope.group !== undefined, (q) => q.where('group_key', '=', scope.group!))
    .$if(scope.ruleId !== undefined, (q) => q.where('rule_id', '=', scope.ruleId!));
  await db
    .updateTable('alert_deliveries')
    .set({ status: 'cancelled', reason, updated_at: now })
    .where('alert_id', 'in', pending.select('id'))
    .where('status', 'in', ['pending', 'deferred'])
    .execute();
  await db
    .updateTable('alerts')
    .set({ status: 'cancelled', reason, updated_at: now })
    .where('id', 'in', pending.select('id'))
    .execute();
}

/** Cancels the pending, unclaimed alerts of the groups (a launch put on hold…). */
export async function cancelGroups(
  db: DB | Tx,
  groups: { group: string; reason: string }[],
  now: number,
  ruleId?: number,
) {
  for (const { group, reason } of groups) await cancelPending(db, { group, ruleId }, reason, now);
}

/** Cancels everything a rule still has pending (turned off, changed). */
export const cancelRuleAlerts = (db: DB | Tx, ruleId: number, reason: string, now: number) =>
  cancelPending(db, { ruleId }, reason, now);

/** Takes up to `limit` due alerts for this instance until `now + ttl`. */
export async function claimDue(
  db: DB,
  owner: string,
  now: number,
  ttlMs: number,
  limit: number,
): Promise<AlertRow[]> {
  const pg = dialectOf(db) === 'postgres';
  return (
    db
      .updateTable('alerts')
      .set({ claimed_by: owner, claim_expires_at: now + ttlMs, updated_at: now })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('alerts')
          .select('id')
          .where('status', '=', 'pending')
          .where('due_at', '<=', now)
          .where('claim_expires_at', '<=', now)
          .orderBy('due_at')
          .limit(limit)
          .$if(pg, (q) => q.forUpdate().skipLocked()),
      )
      // Checked again on the row itself: another instance may have taken it meanwhile.
      .where('status', '=', 'pending')
      .where('claim_expires_at', '<=', now)
      .returningAll()
      .execute()
  );
}

/**
 * When a pending alert can next be taken (the dispatcher sleeps until then): its
 * due time, or later while another instance's claim on it lasts.
 */
export async function nextDueAt(db: DB): Promise<number | null> {
  // The first few by due time (one index range): claims cover a batch or two at most.
  const rows = await db
    .selectFrom('alerts')
    .select(['due_at', 'claim_expires_at'])
    .where('status', '=', 'pending')
    .orderBy('due_at')
    .limit(50)
    .execute();
  if (rows.length === 0) return null;
  return Math.min(...rows.map((r) => Math.max(r.due_at, r.claim_expires_at)));
}

export async function openDeliveries(db: DB, alertIds: number[]): Promise<AlertDeliveryRow[]> {
  const rows: AlertDeliveryRow[] = [];
  for (const part of chunks(alertIds)) {
    rows.push(
      ...(await db
        .selectFrom('alert_deliveries')
        .selectAll()
        .where('alert_id', 'in', part)
        .where('status', 'in', ['pending', 'deferred'])
        .execute()),
    );
  }
  return rows;
}

export type DeliveryUpdate = Partial<
  Pick<
    AlertDeliveryRow,
    'status' | 'reason' | 'attempts' | 'next_attempt_at' | 'title' | 'body' | 'sent_at'
  >
>;

export async function updateDelivery(db: DB, id: number, changes: DeliveryUpdate, now: number) {
  await db
    .updateTable('alert_deliveries')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * Lets go of a claimed alert: pending again at `dueAt` (a retry, quiet hours), or
 * done when nothing is left to send. Only the claim's holder may.
 */
export async function releaseAlert(
  db: DB,
  id: number,
  owner: string,
  next: { dueAt: number } | { done: true },
  now: number,
) {
  await db
    .updateTable('alerts')
    .set({
      ...('done' in next ? { status: 'done' as const } : { due_at: next.dueAt }),
      claimed_by: null,
      claim_expires_at: 0,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('claimed_by', '=', owner)
    .execute();
}

/** Cancels a claimed alert and what it had left to send (a countdown overtaken by events). */
export async function cancelClaimed(
  db: DB,
  id: number,
  owner: string,
  reason: string,
  now: number,
) {
  await db
    .updateTable('alert_deliveries')
    .set({ status: 'cancelled', reason, updated_at: now })
    .where('alert_id', '=', id)
    .where('status', 'in', ['pending', 'deferred'])
    .execute();
  await db
    .updateTable('alerts')
    .set({ status: 'cancelled', reason, claimed_by: null, claim_expires_at: 0, updated_at: now })
    .where('id', '=', id)
    .where('claimed_by', '=', owner)
    .execute();
}

/**
 * Adds new matches to a rule's stories alert that is still collecting (not yet
 * due, not claimed). Returns false when there is none: the caller starts one.
 */
export async function appendToCollecting(
  db: DB | Tx,
  ruleId: number,
  update: (payload: string, createdAt: number) => { payload: string; dueAt: number } | null,
  now: number,
): Promise<boolean> {
  const open = await db
    .selectFrom('alerts')
    .select(['id', 'payload', 'created_at'])
    .where('rule_id', '=', ruleId)
    .where('status', '=', 'pending')
    .where('group_key', '=', `stories:${ruleId}`)
    .where('due_at', '>', now)
    .where('claim_expires_at', '<=', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!open) return false;
  const next = update(open.payload, open.created_at);
  if (!next) return false;
  const result = await db
    .updateTable('alerts')
    .set({ payload: next.payload, due_at: next.dueAt, updated_at: now })
    .where('id', '=', open.id)
    .where('due_at', '>', now)
    .where('claim_expires_at', '<=', now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await db
    .updateTable('alert_deliveries')
    .set({ next_attempt_at: next.dueAt, updated_at: now })
    .where('alert_id', '=', open.id)
    .where('status', '=', 'pending')
    .execute();
  return true;
}

/**
 * Replaces a claimed alert by others (a two-story group goes out as two
 * notifications), with deliveries to the same channels, in one transaction.
 */
export async function splitAlert(
  db: DB,
  alert: AlertRow,
  owner: string,
  parts: { key: string; payload: unknown }[],
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const channels = await tx
      .selectFrom('alert_deliveries')
      .select('channel_id')
      .where('alert_id', '=', alert.id)
      .execute();
    const removed = await tx
      .deleteFrom('alerts')
      .where('id', '=', alert.id)
      .where('claimed_by', '=', owner)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return false;
    await enqueue(
      tx,
      parts.map((p) => ({
        rule: {
          id: alert.rule_id,
          user_id: alert.user_id,
          enabled_at: Number(
            alert.identity.slice(alert.identity.indexOf('.') + 1, alert.identity.indexOf('|')),
          ),
          channelIds: channels.map((c) => c.channel_id),
        },
        intent: {
          key: `${alert.identity.slice(alert.identity.indexOf('|') + 1)}:${p.key}`,
          kind: alert.kind,
          dueAt: now,
          payload: p.payload as AlertIntent['payload'],
        },
      })),
      now,
    );
    return true;
  });
}
