// Rows → the API's shapes. Secrets (the webhook's key, the ntfy token, a push
// endpoint's path) never leave the server.
import type {
  AlertChannel,
  AlertDelivery,
  AlertRule,
  AlertSettings,
  ChannelKind,
} from '../../shared/alerts';
import { ruleSummary } from '../../shared/alerts-summary';
import type { AlertChannelRow, AlertRuleRow } from '../db/tables';
import { channelConfigSchema } from './channels/types';
import { linkBase } from './dispatch';
import { minutesClock } from '../local-time';
import { compose } from './message';
import type { listDeliveries } from './delivery-log';
import { storedTrigger } from './service';
import type { AlertPayload } from './triggers/types';

const iso = (ms: number) => new Date(ms).toISOString();

export function toChannel(row: AlertChannelRow): AlertChannel {
  const config = channelConfigSchema.parse(JSON.parse(row.config));
  const url = row.kind === 'push' && config.url ? new URL(config.url).origin : (config.url ?? null);
  return {
    id: row.id,
    kind: row.kind as ChannelKind,
    name: row.name,
    url,
    topic: config.topic ?? null,
    email: config.email ?? null,
    hasToken: row.token !== null,
    status: row.status === 'gone' ? 'gone' : 'active',
    statusReason: row.status_reason,
    createdAt: iso(row.created_at),
  };
}

export function toRule(
  row: AlertRuleRow,
  channelIds: number[],
  kindOf: (channelId: number) => ChannelKind | undefined,
  sourceName: (id: number) => string | undefined,
): AlertRule {
  const trigger = storedTrigger(row.trigger);
  const kinds = channelIds.map(kindOf).filter((k): k is ChannelKind => k !== undefined);
  return {
    id: row.id,
    trigger,
    channelIds,
    enabled: row.enabled === 1,
    overrideQuietHours: row.override_quiet === 1,
    summary: ruleSummary(trigger, kinds, { sourceName }),
    createdAt: iso(row.created_at),
  };
}

export function toSettings(
  row:
    { quiet_start: number | null; quiet_end: number | null; time_zone: string | null } | undefined,
  vapidPublicKey: string,
  emailAvailable: boolean,
): AlertSettings {
  return {
    quietHours:
      row?.quiet_start != null && row.quiet_end != null
        ? { start: minutesClock(row.quiet_start), end: minutesClock(row.quiet_end) }
        : null,
    timeZone: row?.time_zone ?? null,
    vapidPublicKey,
    emailAvailable,
  };
}

type DeliveryRow = Awaited<ReturnType<typeof listDeliveries>>[number];

export function toDelivery(
  row: DeliveryRow,
  context: { now: number; timeZone: string; publicUrl: string | undefined },
): AlertDelivery {
  const payload = JSON.parse(row.payload) as AlertPayload;
  // What was sent; for one not sent yet, what it would say now.
  const composed = compose(payload, {
    alertId: row.alert_id,
    now: context.now,
    timeZone: context.timeZone,
  });
  return {
    id: row.id,
    alertId: row.alert_id,
    ruleId: row.rule_id,
    channelId: row.channel_id,
    channelKind: row.channel_kind as ChannelKind,
    channelName: row.channel_name,
    status: row.status,
    reason: row.reason,
    title: row.title ?? composed.title,
    body: row.body ?? composed.body,
    url: `${linkBase(context.publicUrl, { origin: row.channel_origin })}${composed.path}`,
    stories: payload.type === 'stories' ? payload.items : [],
    attempts: row.attempts,
    createdAt: iso(row.created_at),
    dueAt: iso(
      row.status === 'pending' || row.status === 'deferred' ? row.next_attempt_at : row.due_at,
    ),
    sentAt: row.sent_at === null ? null : iso(row.sent_at),
  };
}
