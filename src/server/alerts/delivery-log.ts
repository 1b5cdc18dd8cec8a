// The delivery log: a user's deliveries with their alert, newest first; and the
// pruning of alerts long done.
import type { DB } from '../db/database';
import type { AlertDeliveryRow } from '../db/tables';

/** Deliveries for the log, newest first, with their alert. */
export async function listDeliveries(
  db: DB,
  userId: number,
  options: { status?: string; before?: number; limit: number; alertId?: number },
) {
  return db
    .selectFrom('alert_deliveries as d')
    .innerJoin('alerts as a', 'a.id', 'd.alert_id')
    .innerJoin('alert_channels as c', 'c.id', 'd.channel_id')
    .select([
      'd.id',
      'd.alert_id',
      'd.channel_id',
      'd.status',
      'd.reason',
      'd.attempts',
      'd.title',
      'd.body',
      'd.sent_at',
      'd.created_at',
      'd.next_attempt_at',
      'a.rule_id',
      'a.kind',
      'a.payload',
      'a.due_at',
      'c.kind as channel_kind',
      'c.name as channel_name',
      'c.origin as channel_origin',
    ])
    .where('d.user_id', '=', userId)
    .$if(options.status !== undefined, (q) =>
      q.where('d.status', '=', options.status as AlertDeliveryRow['status']),
    )
    .$if(options.before !== undefined, (q) => q.where('d.id', '<', options.before!))
    .$if(options.alertId !== undefined, (q) => q.where('d.alert_id', '=', options.alertId!))
    .orderBy('d.id', 'desc')
    .limit(options.limit)
    .execute();
}

/** Done and cancelled alerts older than `before` (their deliveries go with them). */
export async function pruneAlerts(db: DB, before: number): Promise<number> {
  const result = await db
    .deleteFrom('alerts')
    .where('status', 'in', ['done', 'cancelled'])
    .where('due_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
