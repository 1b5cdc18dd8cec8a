// Web push on this device: ask the browser for permission, subscribe through the
// installed app's service worker with the server's VAPID key, and hand the
// subscription to the server as a channel. Each failure says what to do.

export class PushSetupError extends Error {}

export const PUSH_BLOCKED =
  "Notifications are blocked for this site. Allow them in your browser's site settings, then try again.";
export const PUSH_DISMISSED = 'Notifications were not allowed. Try again and choose Allow.';
export const PUSH_UNSUPPORTED = 'This browser cannot receive push notifications.';
export const PUSH_NO_WORKER =
  'Push needs the installed app (its service worker), which is not running on this page. Reload and try again.';

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** "Chrome on Android": a name the channel list can show. */
export function deviceName(userAgent = navigator.userAgent): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'this device';
  return `${browser} on ${os}`;
}

export interface DeviceSubscription {
  url: string;
  keys: { p256dh: string; auth: string };
}

export async function subscribeThisDevice(vapidPublicKey: string): Promise<DeviceSubscription> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    throw new PushSetupError(PUSH_UNSUPPORTED);
  if (Notification.permission === 'denied') throw new PushSetupError(PUSH_BLOCKED);
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError(PUSH_BLOCKED);
  if (permission !== 'granted') throw new PushSetupError(PUSH_DISMISSED);
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) throw new PushSetupError(PUSH_NO_WORKER);
  let subscription: PushSubscription;
  try {
    subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(vapidPublicKey),
      }));
  } catch (err) {
    throw new PushSetupError(
      `The browser's push service did not answer (${err instanceof Error ? err.message : String(err)}).`,
    );
  }
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth)
    throw new PushSetupError('The browser gave an incomplete push subscription.');
  return { url: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
}
