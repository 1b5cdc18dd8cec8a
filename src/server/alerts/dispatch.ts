// Sends what is due. Each alert is claimed first (one instance at a time), then
// every open delivery of it is sent on its channel, unless the user's quiet
// hours hold it back (deferred to their end, never dropped; a "now" event breaks
// through where its rule allows). A 429, a 5xx or a network failure is tried
// again with back-off, five tries at most; a push subscription answered 404/410
// is dropped at once.
import type { FastifyBaseLogger } from 'fastify';
import { DELIVERY_MAX_TRIES } from '../../shared/alerts';
import type { DB } from '../db/database';
import type { AlertChannelRow, AlertDeliveryRow, AlertRow } from '../db/tables';
import type { Channels, ChannelTarget, SendResult } from './channels';
import { channelConfigSchema } from './channels/types';
import { localParts, minutesClock, quietUntil } from '../local-time';
import { compose, formatWhen } from './message';
import { staleCountdowns } from './detect-launches';
import {
  cancelClaimed,
  claimDue,
  openDeliveries,
  releaseAlert,
  splitAlert,
  updateDelivery,
} from './outbox';
import { channelsByIds, markChannelGone, rulesOverridingQuiet, settingsFor } from './repository';
import type { AlertPayload } from './triggers/types';

const BATCH = 16;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 3_600_000;

export interface DispatchDeps {
  db: DB;
  channels: Channels;
  /** This instance's claim name. */
  owner: string;
  claimTtlMs: number;
  now: () => number;
  publicUrl: string | undefined;
  log: FastifyBaseLogger;
}

export interface DispatchFigures {
  sent: number;
  failed: number;
  deferred: number;
  retrying: number;
}

/** 30 s, 2 min, 8 min, 32 min: before try 2, 3, 4, 5. */
export const backoffMs = (tries: number) =>
  Math.min(BACKOFF_BASE_MS * 4 ** Math.max(0, tries - 1), BACKOFF_MAX_MS);

export function channelTarget(row: AlertChannelRow): ChannelTarget {
  return {
    id: row.id,
    kind: row.kind as ChannelTarget['kind'],
    name: row.name,
    config: channelConfigSchema.parse(JSON.parse(row.config)),
    token: row.token,
    secret: row.secret,
  };
}

export function linkBase(publicUrl: string | undefined, channel: Pick<AlertChannelRow, 'origin'>) {
  return (publicUrl ? new URL(publicUrl).origin : channel.origin).replace(/\/+$/, '');
}

interface Context {
  zone: string;
  quiet: number | null;
  overrideQuiet: boolean;
}

export async function dispatchDue(deps: DispatchDeps): Promise<DispatchFigures> {
  const figures: DispatchFigures = { sent: 0, failed: 0, deferred: 0, retrying: 0 };
  // Until nothing is due (alerts split just now are due at once); bounded all the same.
  for (let pass = 0; pass < 1000; pass++) {
    const claimed = await claimDue(deps.db, deps.owner, deps.now(), deps.claimTtlMs, BATCH);
    if (claimed.length === 0) break;
    await dispatchClaimed(deps, claimed, figures);
  }
  return figures;
}

async function dispatchClaimed(deps: DispatchDeps, claimed: AlertRow[], figures: DispatchFigures) {
  const { db } = deps;
  const now = deps.now();
  const alerts: AlertRow[] = [];
  for (const alert of claimed) {
    // Two stories go out as two notifications; three or more as one digest.
    const payload = JSON.parse(alert.payload) as AlertPayload;
    if (payload.type === 'stories' && payload.total === 2) {
      await splitAlert(
        db,
        alert,
        deps.owner,
        payload.items.slice(0, 2).map((item) => ({
          key: String(item.id),
          payload: { ...payload, total: 1, items: [item] },
        })),
        now,
      );
    } else alerts.push(alert);
  }
  if (alerts.length === 0) return;
  const stale = await staleCountdowns(db, alerts);
  for (const [id, reason] of stale) await cancelClaimed(db, id, deps.owner, reason, now);
  const live = alerts.filter((a) => !stale.has(a.id));

  const deliveries = await openDeliveries(
    db,
    live.map((a) => a.id),
  );
  const channels = new Map(
    (await channelsByIds(db, [...new Set(deliveries.map((d) => d.channel_id))])).map((c) => [
      c.id,
      c,
    ]),
  );
  const settings = await settingsFor(
    db,
    live.map((a) => a.user_id),
  );
  const overrides = await rulesOverridingQuiet(
    db,
    live.map((a) => a.rule_id),
  );
  await Promise.all(
    live.map((alert) => {
      const s = settings.get(alert.user_id);
      const zone = s?.time_zone ?? 'UTC';
      const quiet =
        s?.quiet_start != null && s.quiet_end != null
          ? quietUntil({ start: s.quiet_start, end: s.quiet_end, timeZone: zone }, now)
          : null;
      return dispatchOne(
        deps,
        alert,
        deliveries.filter((d) => d.alert_id === alert.id),
        channels,
        { zone, quiet, overrideQuiet: overrides.has(alert.rule_id) },
        figures,
      ).catch(async (err: unknown) => {
        deps.log.error({ err, alert: alert.id }, 'alert dispatch failed');
        // Let go of it, so it is tried again on the next pass.
        await releaseAlert(db, alert.id, deps.owner, { dueAt: now + BACKOFF_BASE_MS }, now);
      });
    }),
  );
}

async function dispatchOne(
  deps: DispatchDeps,
  alert: AlertRow,
  open: AlertDeliveryRow[],
  channels: Map<number, AlertChannelRow>,
  context: Context,
  figures: DispatchFigures,
) {
  const { db } = deps;
  const now = deps.now();
  const due = open.filter((d) => d.next_attempt_at <= now);
  const later = open.filter((d) => d.next_attempt_at > now).map((d) => d.next_attempt_at);

  if (due.length > 0 && context.quiet !== null && !(alert.now_event && context.overrideQuiet)) {
    const until = context.quiet;
    const reason = `Held for quiet hours until ${minutesClock(localParts(until, context.zone).minutes)}`;
    for (const d of due) {
      await updateDelivery(db, d.id, { status: 'deferred', reason, next_attempt_at: until }, now);
      figures.deferred++;
    }
    await releaseAlert(db, alert.id, deps.owner, { dueAt: Math.min(until, ...later) }, now);
    return;
  }

  const payload = JSON.parse(alert.payload) as AlertPayload;
  const composed = compose(payload, { alertId: alert.id, now, timeZone: context.zone });
  const retryAt: number[] = [...later];
  await Promise.all(
    due.map(async (d) => {
      const channel = channels.get(d.channel_id);
      if (!channel) return;
      const base = { title: composed.title, body: composed.body };
      if (channel.status !== 'active') {
        await updateDelivery(
          db,
          d.id,
          {
            ...base,
            status: 'failed',
            reason: channel.status_reason ?? 'The channel is no longer usable',
          },
          now,
        );
        figures.failed++;
        return;
      }
      const result: SendResult = await deps.channels.send(channelTarget(channel), {
        id: `astrodash-${alert.id}-${d.channel_id}`,
        event: alert.kind,
        title: composed.title,
        body: composed.body,
        url: `${linkBase(deps.publicUrl, channel)}${composed.path}`,
        tag: composed.tag,
        urgency: alert.now_event ? 'high' : 'normal',
        sentAt: deps.now(),
        data: payload,
      });
      const at = deps.now();
      const tries = d.attempts + 1;
      if (result.ok) {
        const reason =
          d.status === 'deferred'
            ? `Held for quiet hours, sent ${formatWhen(at, context.zone)}`
            : tries > 1
              ? `Sent on try ${tries}`
              : null;
        await updateDelivery(
          db,
          d.id,
          { ...base, status: 'sent', reason, attempts: tries, sent_at: at },
          at,
        );
        figures.sent++;
        return;
      }
      if (result.gone) await markChannelGone(db, channel.id, result.reason, at);
      if (result.retry && tries < DELIVERY_MAX_TRIES) {
        const next = at + Math.max(backoffMs(tries), result.retryAfterMs ?? 0);
        retryAt.push(next);
        await updateDelivery(
          db,
          d.id,
          {
            ...base,
            status: 'pending',
            attempts: tries,
            next_attempt_at: next,
            reason: `Try ${tries} of ${DELIVERY_MAX_TRIES} failed (${result.reason}); trying again ${formatWhen(next, context.zone)}`,
          },
          at,
        );
        figures.retrying++;
        return;
      }
      await updateDelivery(
        db,
        d.id,
        {
          ...base,
          status: 'failed',
          attempts: tries,
          reason: result.retry ? `Gave up after ${tries} tries: ${result.reason}` : result.reason,
        },
        at,
      );
      figures.failed++;
    }),
  );
  await releaseAlert(
    db,
    alert.id,
    deps.owner,
    retryAt.length > 0 ? { dueAt: Math.min(...retryAt) } : { done: true },
    deps.now(),
  );
}
