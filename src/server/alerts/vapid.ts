// The server's VAPID key pair (RFC 8292), made on first start and kept in
// app_meta, so every instance signs with the same keys and subscriptions made
// through one instance work through all.
import webpush from 'web-push';
import type { DB } from '../db/database';
import type { VapidKeys } from './channels/http-channels';

const META_KEY = 'alerts.vapid';
const keys = new WeakMap<DB, Promise<VapidKeys>>();

export function vapidKeys(db: DB): Promise<VapidKeys> {
  let pair = keys.get(db);
  if (!pair) {
    pair = (async () => {
      const made = webpush.generateVAPIDKeys();
      // Two instances starting at once: the first write wins and both read it back.
      await db
        .insertInto('app_meta')
        .values({ key: META_KEY, value: JSON.stringify(made), updated_at: Date.now() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('app_meta')
        .select('value')
        .where('key', '=', META_KEY)
        .executeTakeFirstOrThrow();
      const stored = JSON.parse(row.value) as VapidKeys;
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    })();
    pair.catch(() => keys.delete(db));
    keys.set(db, pair);
  }
  return pair;
}
