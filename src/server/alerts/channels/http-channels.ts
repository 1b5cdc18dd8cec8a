// The channels that speak HTTP to a URL the user entered: web push, ntfy and
// webhooks. Every request goes through the SSRF-guarded client.
import { createHash, createHmac } from 'node:crypto';
import webpush from 'web-push';
import { SourceFetchError, type GuardedHttp } from '../../net/types';
import { excerpt, httpOutcome, type ChannelSender, type SendResult } from './types';

/** A push message waits at the push service this long for the device. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

async function guarded(call: () => Promise<SendResult>): Promise<SendResult> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof SourceFetchError) {
      const blocked = err.message.startsWith('Blocked');
      return { ok: false, retry: !blocked, reason: err.message };
    }
    throw err;
  }
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The Topic header: at most 32 URL-safe base64 characters; one per tag. */
const pushTopic = (tag: string) =>
  createHash('sha256').update(tag).digest('base64url').slice(0, 32);

export function pushSender(
  http: GuardedHttp,
  vapid: () => Promise<VapidKeys>,
  subject: string,
): ChannelSender {
  return {
    send: (target, message) =>
      guarded(async () => {
        const { url, keys } = target.config;
        if (!url || !keys)
          return { ok: false, retry: false, reason: 'The push subscription is incomplete' };
        const { publicKey, privateKey } = await vapid();
        const details = webpush.generateRequestDetails(
          { endpoint: url, keys },
          JSON.stringify({
            title: message.title,
            body: message.body,
            url: message.url,
            tag: message.tag,
          }),
          {
            vapidDetails: { subject, publicKey, privateKey },
            TTL: PUSH_TTL_SECONDS,
            urgency: message.urgency,
            topic: pushTopic(message.tag),
            contentEncoding: 'aes128gcm',
          },
        );
        const headers = Object.fromEntries(
          Object.entries(details.headers).map(([k, v]) => [k, String(v as unknown)]),
        );
        const res = await http.request(details.endpoint, {
          method: 'POST',
          headers,
          body: details.body ?? undefined,
        });
        if (res.status === 404 || res.status === 410) {
          return {
            ok: false,
            retry: false,
            gone: true,
            reason: `The browser's push subscription has expired (${res.status}); this device was removed`,
          };
        }
        return httpOutcome('The push service', res.status, res.headers, excerpt(res.text));
      }),
  };
}

/** Whether a browser's subscription keys can encrypt a message (checked when it is added). */
export function pushKeysUsable(keys: { p256dh: string; auth: string }): boolean {
  try {
    webpush.encrypt(keys.p256dh, keys.auth, 'x', 'aes128gcm');
    return true;
  } catch {
    return false;
  }
}

/** ntfy's JSON publishing: POST {topic, title, message, click, tags, priority} to the server's root. */
export function ntfySender(http: GuardedHttp): ChannelSender {
  return {
    send: (target, message) =>
      guarded(async () => {
        const { url, topic } = target.config;
        if (!url || !topic)
          return { ok: false, retry: false, reason: 'The ntfy channel has no server or topic' };
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (target.token) headers.authorization = `Bearer ${target.token}`;
        const res = await http.request(`${url.replace(/\/+$/, '')}/`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            topic,
            title: message.title,
            message: message.body,
            click: message.url,
            tags: ['telescope'],
            priority: message.urgency === 'high' ? 4 : 3,
          }),
        });
        if (res.status === 401 || res.status === 403) {
          return {
            ok: false,
            retry: false,
            reason: `The ntfy server refused ${target.token ? 'the access token' : 'to publish without an access token'} (${res.status})`,
          };
        }
        const outcome = httpOutcome('The ntfy server', res.status, res.headers, excerpt(res.text));
        if (!outcome.ok) return outcome;
        // A web page that happens to accept a POST is not an ntfy server.
        if (!answersLikeNtfy(res.text))
          return {
            ok: false,
            retry: false,
            reason: 'This address does not answer like an ntfy server (no message id came back)',
          };
        return outcome;
      }),
  };
}

function answersLikeNtfy(text: string): boolean {
  if (text.length > 64 * 1024) return false;
  try {
    const body: unknown = JSON.parse(text);
    return (
      typeof body === 'object' && body !== null && typeof (body as { id?: unknown }).id === 'string'
    );
  } catch {
    return false;
  }
}

export const SIGNATURE_HEADER = 'X-AstroDash-Signature';

/** `sha256=<hex HMAC-SHA256 of the body>` under the channel's secret. */
export const signature = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export function webhookSender(http: GuardedHttp): ChannelSender {
  return {
    send: (target, message) =>
      guarded(async () => {
        const { url } = target.config;
        if (!url || !target.secret)
          return { ok: false, retry: false, reason: 'The webhook has no URL or secret' };
        const body = JSON.stringify({
          id: message.id,
          event: message.event,
          title: message.title,
          message: message.body,
          url: message.url,
          sentAt: new Date(message.sentAt).toISOString(),
          data: message.data ?? null,
        });
        const res = await http.request(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [SIGNATURE_HEADER]: signature(target.secret, body),
            'X-AstroDash-Delivery': message.id,
            'X-AstroDash-Event': message.event,
          },
          body,
        });
        return httpOutcome('The webhook', res.status, res.headers, excerpt(res.text));
      }),
  };
}
