// What a channel sends and what it answers. Each kind is one file speaking its
// real protocol: web push (RFC 8030/8291/8292), ntfy's JSON publish, a signed
// webhook, SMTP.
import { z } from 'zod';
import type { ChannelKind } from '../../../shared/alerts';

export interface Message {
  /** Stable per alert: the receiver may use it to drop a repeat (webhook header, Message-ID). */
  id: string;
  /** e.g. "launch.countdown". */
  event: string;
  title: string;
  body: string;
  /** The AstroDash page the notification opens. */
  url: string;
  /** A later message with the same tag replaces the earlier one on the device. */
  tag: string;
  urgency: 'normal' | 'high';
  /** When it was sent, by the engine's clock. */
  sentAt: number;
  /** What a webhook receives besides the text (the alert's payload). */
  data?: unknown;
}

export type SendResult =
  | { ok: true }
  | {
      ok: false;
      /** Worth another try later (429, 5xx, network). */
      retry: boolean;
      reason: string;
      retryAfterMs?: number;
      /** The destination no longer exists (a push subscription answered 404/410). */
      gone?: boolean;
    };

/** A channel's stored settings, by kind (alert_channels.config). */
export const channelConfigSchema = z.object({
  url: z.string().optional(),
  topic: z.string().optional(),
  email: z.string().optional(),
  keys: z.object({ p256dh: z.string(), auth: z.string() }).optional(),
});
export type ChannelConfig = z.infer<typeof channelConfigSchema>;

export interface ChannelTarget {
  id: number;
  kind: ChannelKind;
  name: string;
  config: ChannelConfig;
  token: string | null;
  secret: string | null;
}

export interface ChannelSender {
  send(target: ChannelTarget, message: Message): Promise<SendResult>;
}

const RETRY_AFTER_MAX_MS = 3_600_000;

/** Retry-After as seconds or an HTTP date, in ms (capped at an hour). */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, RETRY_AFTER_MAX_MS) : undefined;
}

/** The usual reading of an HTTP answer: 2xx sent, 408/429/5xx later, other 4xx never. */
export function httpOutcome(
  what: string,
  status: number,
  headers: Headers,
  detail?: string,
): SendResult {
  if (status >= 200 && status < 300) return { ok: true };
  const retry = status === 408 || status === 429 || status >= 500;
  const reason = `${what} answered ${status}${detail ? `: ${detail}` : ''}`;
  return { ok: false, retry, reason, retryAfterMs: retryAfterMs(headers.get('retry-after')) };
}

/** A short, single-line excerpt of an error body. */
export function excerpt(text: string, max = 160): string {
  const line = text.slice(0, 2000).replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
