// Alerts (issue 30): channels, rules, quiet hours and the delivery log. The
// request bodies (zod, with their messages) and the answers, for server and web.
import { z } from 'zod';

export const CHANNEL_KINDS = ['push', 'ntfy', 'webhook', 'email'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];
export const TRIGGER_KINDS = [
  'launch',
  'aurora',
  'tonight',
  'pass',
  'sky-event',
  'stories',
] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];
export const COUNTDOWNS = ['24h', '1h', '10m'] as const;
export type Countdown = (typeof COUNTDOWNS)[number];
export const LAUNCH_SCOPES = ['all', 'provider', 'vehicle', 'followed'] as const;
export const AURORA_TIERS = ['naked-eye', 'overhead'] as const;
export type AuroraTier = (typeof AURORA_TIERS)[number];
export const DELIVERY_STATUSES = ['pending', 'deferred', 'sent', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const CHANNELS_MAX = 20;
export const RULES_MAX = 50;
export const RULE_SOURCES_MAX = 100;
/** Tries per delivery before it is given up (a 429 or 5xx is retried with back-off). */
export const DELIVERY_MAX_TRIES = 5;

export const CHANNEL_NOT_FOUND = 'Channel not found';
export const RULE_NOT_FOUND = 'Rule not found';
export const TOO_MANY_CHANNELS = `You can have at most ${CHANNELS_MAX} channels`;
export const TOO_MANY_RULES = `You can have at most ${RULES_MAX} rules`;
export const EMAIL_NOT_CONFIGURED =
  'E-mail alerts are not available: the server has no SMTP settings (SMTP_HOST).';
export const EMAIL_OWN_ADDRESS_ONLY = "Alerts can be e-mailed only to your account's address.";

const id = (message: string) => z.number({ error: message }).int(message).positive(message);

/** "HH:MM", 24-hour. */
export const clockTime = (message: string) =>
  z.string({ error: message }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, message);

const name = z
  .string({ error: 'Enter a name for the channel' })
  .trim()
  .min(1, 'Enter a name for the channel')
  .max(80, 'The name may be at most 80 characters');

const httpUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(2000, 'The URL is too long')
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
      } catch {
        return false;
      }
    }, message);

const base64url = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message)
    .max(200, message);

export const createChannelSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('push'),
      name,
      /** The push subscription's endpoint (the browser's push service). */
      url: httpUrl('The push subscription has no valid endpoint'),
      keys: z.object(
        {
          p256dh: base64url('The push subscription has no valid key'),
          auth: base64url('The push subscription has no valid key'),
        },
        { error: 'The push subscription has no keys' },
      ),
    }),
    z.object({
      kind: z.literal('ntfy'),
      name,
      url: httpUrl("Enter the ntfy server's address, e.g. https://ntfy.sh"),
      topic: z
        .string({ error: 'Enter an ntfy topic' })
        .trim()
        .regex(/^[-_A-Za-z0-9]{1,64}$/, 'An ntfy topic is 1–64 letters, digits, - or _'),
      token: z
        .string()
        .trim()
        .max(200, 'The access token is too long')
        .regex(/^[\x21-\x7e]*$/, 'The access token may not contain spaces')
        .optional()
        .transform((v) => v || undefined),
    }),
    z.object({
      kind: z.literal('webhook'),
      name,
      url: httpUrl('Enter the webhook URL, starting with http:// or https://'),
    }),
    z.object({
      kind: z.literal('email'),
      name,
      email: z
        .email({ error: 'Enter a valid e-mail address' })
        .max(254, 'Enter a valid e-mail address')
        .optional(),
    }),
  ],
  { error: 'Channel kind must be push, ntfy, webhook or email' },
);
export type CreateChannelInput = z.infer<typeof createChannelSchema>;

export const channelIdSchema = z.object({ id: id('Invalid channel ID') });
export const ruleIdSchema = z.object({ id: id('Invalid rule ID') });

const launchTrigger = z
  .object({
    kind: z.literal('launch'),
    /** Every launch, one provider's, one vehicle's, or the launches the user follows. */
    scope: z
      .enum(LAUNCH_SCOPES, { error: 'Scope must be all, provider, vehicle or followed' })
      .default('all'),
    provider: z.string().trim().min(1).max(100, 'The provider name is too long').optional(),
    vehicle: z.string().trim().min(1).max(100, 'The vehicle name is too long').optional(),
    /** Countdown alerts before the current NET. */
    before: z
      .array(z.enum(COUNTDOWNS, { error: 'Countdowns are 24h, 1h or 10m' }))
      .max(3)
      .default([])
      .transform((list) => COUNTDOWNS.filter((c) => list.includes(c))),
    /** A NET move of 15 minutes or more. */
    moved: z.boolean().default(false),
    /** A hold, scrub or TBD. */
    holds: z.boolean().default(false),
    liftoff: z.boolean().default(false),
    outcome: z.boolean().default(false),
  })
  .superRefine((t, ctx) => {
    if (t.scope === 'provider' && !t.provider)
      ctx.addIssue({ code: 'custom', message: 'Enter the launch provider, e.g. SpaceX' });
    if (t.scope === 'vehicle' && !t.vehicle)
      ctx.addIssue({ code: 'custom', message: 'Enter the vehicle, e.g. Falcon 9' });
    if (t.before.length === 0 && !t.moved && !t.holds && !t.liftoff && !t.outcome)
      ctx.addIssue({ code: 'custom', message: 'Choose at least one launch event' });
  })
  .transform((t) => ({
    ...t,
    provider: t.scope === 'provider' ? t.provider : undefined,
    vehicle: t.scope === 'vehicle' ? t.vehicle : undefined,
  }));

export const triggerSchema = z.discriminatedUnion(
  'kind',
  [
    launchTrigger,
    z.object({
      kind: z.literal('aurora'),
      /** The lowest tier that alerts: seen with the naked eye, or overhead. */
      minTier: z
        .enum(AURORA_TIERS, { error: 'Aurora tier must be naked-eye or overhead' })
        .default('naked-eye'),
    }),
    z.object({
      kind: z.literal('tonight'),
      /** Local time by which to hear that tonight is Go. */
      at: clockTime('Enter a time as HH:MM').default('17:00'),
    }),
    z.object({ kind: z.literal('pass') }),
    z.object({
      kind: z.literal('sky-event'),
      at: clockTime('Enter a time as HH:MM').default('09:00'),
    }),
    z.object({
      kind: z.literal('stories'),
      /** Words of the news search; every new story when absent (with the sources). */
      query: z
        .string()
        .trim()
        .max(200, 'The search may be at most 200 characters')
        .optional()
        .transform((v) => v || undefined),
      /** A followed topic (the topics module's vocabulary). */
      topic: z
        .string()
        .trim()
        .max(100, 'The topic is too long')
        .optional()
        .transform((v) => v || undefined),
      sourceIds: z
        .array(id('Invalid source ID'))
        .max(RULE_SOURCES_MAX, `At most ${RULE_SOURCES_MAX} sources`)
        .optional()
        .transform((v) => (v && v.length > 0 ? [...new Set(v)] : undefined)),
    }),
  ],
  { error: 'Trigger kind must be launch, aurora, tonight, pass, sky-event or stories' },
);
export type Trigger = z.infer<typeof triggerSchema>;
export type TriggerOf<K extends TriggerKind> = Extract<Trigger, { kind: K }>;

export const saveRuleSchema = z.object({
  /** Present: update that rule; absent: a new one. */
  id: id('Invalid rule ID').optional(),
  trigger: triggerSchema,
  channelIds: z
    .array(id('Invalid channel ID'), { error: 'Choose at least one channel' })
    .min(1, 'Choose at least one channel')
    .max(CHANNELS_MAX)
    .transform((v) => [...new Set(v)]),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  /** "Now" events (liftoff, T−10 min, a pass, aurora overhead) may break quiet hours. */
  overrideQuietHours: z.boolean().default(false),
});
export type SaveRuleInput = z.input<typeof saveRuleSchema>;

export const settingsSchema = z.object({
  /** null turns quiet hours off. */
  quietHours: z
    .object({
      start: clockTime('Quiet hours start as HH:MM'),
      end: clockTime('Quiet hours end as HH:MM'),
    })
    .refine((q) => q.start !== q.end, 'Quiet hours must start and end at different times')
    .nullable()
    .optional(),
  /** IANA time zone the quiet hours and the rules' times are read in. */
  timeZone: z.string().max(64).refine(isTimeZone, 'Unknown time zone').optional(),
});
export type SettingsInput = z.infer<typeof settingsSchema>;

export function isTimeZone(zone: string): boolean {
  try {
    return (
      new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone !== '' &&
      /^[A-Za-z_+\-/0-9]+$/.test(zone)
    );
  } catch {
    return false;
  }
}

export const deliveriesQuerySchema = z.object({
  status: z.enum([...DELIVERY_STATUSES, 'all']).default('all'),
  /** The log's next page: deliveries with a smaller id. */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** One alert's deliveries (a link from a notification). */
  alertId: z.coerce.number().int().positive().optional(),
});

// ---- answers ----

export interface AlertChannel {
  id: number;
  kind: ChannelKind;
  name: string;
  /** ntfy server, webhook URL, or the push service's origin (never the full endpoint). */
  url: string | null;
  topic: string | null;
  email: string | null;
  hasToken: boolean;
  /** 'gone': the push subscription expired (404/410) and is no longer used. */
  status: 'active' | 'gone';
  statusReason: string | null;
  createdAt: string;
}
export interface ChannelsResponse {
  channels: AlertChannel[];
}
export interface CreatedChannel {
  id: number;
  /** The webhook's signing secret: shown this once. */
  secret?: string;
}
export interface ChannelTestResponse {
  ok: boolean;
  /** Why it failed, in words fit to show. */
  error?: string;
}

export interface AlertRule {
  id: number;
  trigger: Trigger;
  channelIds: number[];
  enabled: boolean;
  overrideQuietHours: boolean;
  /** "Tell me 1 hour before any SpaceX launch, by push and e-mail". */
  summary: string;
  createdAt: string;
}
export interface RulesResponse {
  rules: AlertRule[];
}

export interface AlertSettings {
  quietHours: { start: string; end: string } | null;
  timeZone: string | null;
  /** The server's VAPID public key, for PushManager.subscribe(). */
  vapidPublicKey: string;
  /** E-mail channels can be added (SMTP is configured). */
  emailAvailable: boolean;
}

export interface AlertStory {
  id: number;
  title: string;
  url: string;
  source: string;
}

export interface AlertDelivery {
  id: number;
  alertId: number;
  ruleId: number | null;
  channelId: number | null;
  channelKind: ChannelKind;
  channelName: string;
  status: DeliveryStatus;
  reason: string | null;
  title: string;
  body: string;
  /** Where the notification links: the launch, or the alert's stories. */
  url: string;
  stories: AlertStory[];
  attempts: number;
  createdAt: string;
  /** When it is (or was) due. */
  dueAt: string;
  sentAt: string | null;
}
export interface DeliveriesResponse {
  deliveries: AlertDelivery[];
  /** Pass as `before` for the next page; null at the end. */
  nextBefore: number | null;
}
