// Announcements straight into the database: the API refuses past expiry dates,
// so expired ones (and exact creation times) can only be made this way.
import type { DB } from '../../src/server/db/database';

const DAY = 24 * 60 * 60 * 1000;

export interface AnnouncementSeed {
  title?: string;
  content?: string;
  type?: 'alert' | 'app_update' | 'information';
  /** Epoch ms; defaults to a week ahead. */
  expiresAt?: number;
  /** Epoch ms; defaults to now. */
  createdAt?: number;
}

let seq = 0;

export async function insertAnnouncement(db: DB, seed: AnnouncementSeed = {}): Promise<number> {
  const at = Date.now();
  const n = ++seq;
  const row = await db
    .insertInto('announcements')
    .values({
      title: seed.title ?? `Seeded announcement ${n}`,
      content: seed.content ?? `Seeded content number ${n}, long enough.`,
      type: seed.type ?? 'information',
      expiration_date: seed.expiresAt ?? at + 7 * DAY,
      created_by: null,
      created_at: seed.createdAt ?? at,
      updated_at: seed.createdAt ?? at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const daysFromNow = (days: number) => Date.now() + days * DAY;
export const isoDaysFromNow = (days: number) => new Date(daysFromNow(days)).toISOString();
