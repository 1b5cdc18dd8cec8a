// Announcement rows → the API's camelCase shapes.
import type { AnnouncementType } from '../../shared/constants';
import type { AdminAnnouncement, Announcement, AnnouncementHistoryEntry } from '../../shared/types';
import type { AnnouncementRow } from '../db/tables';
import type { HistoryRow } from './repository';

const iso = (ms: number) => new Date(ms).toISOString();

export function toAnnouncement(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    type: row.type as AnnouncementType,
    expirationDate: iso(row.expiration_date),
    createdAt: iso(row.created_at),
  };
}

export function toHistoryEntry(row: HistoryRow): AnnouncementHistoryEntry {
  return {
    ...toAnnouncement(row),
    dismissedAt: row.dismissed_at === null ? null : iso(row.dismissed_at),
  };
}

export function toAdminAnnouncement(row: AnnouncementRow): AdminAnnouncement {
  return { ...toAnnouncement(row), updatedAt: iso(row.updated_at) };
}
