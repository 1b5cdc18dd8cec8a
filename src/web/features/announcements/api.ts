// Announcement calls (spec 000 §7, 001 §7). Errors are read from the `error`
// field; a failure body that is not JSON reads 'Failed to parse error response'.
import type { AnnouncementType } from '../../../shared/constants';
import type {
  AdminAnnouncement,
  Announcement,
  AnnouncementHistoryEntry,
} from '../../../shared/types';
import { ApiError } from '../../lib/api';

export const PARSE_ERROR = 'Failed to parse error response';

async function request<T>(path: string, body?: unknown, fallback?: string): Promise<T> {
  const res = await fetch(
    path,
    body === undefined
      ? { credentials: 'include' }
      : {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
  );
  if (res.ok) return (await res.json()) as T;
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    throw new ApiError(PARSE_ERROR, res.status);
  }
  const error = (data as { error?: unknown } | null)?.error;
  throw new ApiError(
    typeof error === 'string' && error
      ? error
      : (fallback ?? `Request failed with status ${res.status}`),
    res.status,
  );
}

type List<T> = { announcements: T[] };

export const fetchActive = async () =>
  (await request<List<Announcement>>('/_api/announcements')).announcements;

export const fetchHistory = async () =>
  (await request<List<AnnouncementHistoryEntry>>('/_api/announcements/all')).announcements;

export const DISMISS_FAILED = 'Failed to dismiss announcement.';
export const dismissAnnouncement = (announcementId: number) =>
  request<{ success: true }>('/_api/announcements/dismiss', { announcementId }, DISMISS_FAILED);

// ---------- admin ----------

export interface AnnouncementInput {
  title: string;
  content: string;
  type: AnnouncementType;
  /** ISO 8601 with offset. */
  expirationDate: string;
}
export type AnnouncementPatch = Partial<AnnouncementInput> & { announcementId: number };

export const ADMIN_FALLBACKS = {
  list: 'Failed to load announcements',
  create: 'Failed to create announcement',
  update: 'Failed to update announcement.',
  delete: 'Failed to delete announcement.',
} as const;

export const fetchAdminList = async () =>
  (
    await request<List<AdminAnnouncement>>(
      '/_api/admin/announcements',
      undefined,
      ADMIN_FALLBACKS.list,
    )
  ).announcements;

export const createAnnouncement = (input: AnnouncementInput) =>
  request<{ announcement: AdminAnnouncement }>(
    '/_api/admin/announcements',
    input,
    ADMIN_FALLBACKS.create,
  );

export const updateAnnouncement = (patch: AnnouncementPatch) =>
  request<{ announcement: AdminAnnouncement }>(
    '/_api/admin/announcements/update',
    patch,
    ADMIN_FALLBACKS.update,
  );

export const deleteAnnouncement = (announcementId: number) =>
  request<{ success: true }>(
    '/_api/admin/announcements/delete',
    { announcementId },
    ADMIN_FALLBACKS.delete,
  );
