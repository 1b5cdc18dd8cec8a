// Toast texts for announcements (spec 000 §8, 001 §8).
import { toast } from '../../lib/toast';
import { ADMIN_FALLBACKS, DISMISS_FAILED } from './api';

const reasonOf = (e: unknown) => (e instanceof Error ? e.message : '');

/**
 * 'Failed to … : {reason}'; when there is no reason beyond the call's own
 * fallback, the fallback alone.
 */
function failure(prefix: string, fallback: string, e: unknown): string {
  const reason = reasonOf(e);
  return !reason || reason === fallback ? fallback : `${prefix}: ${reason}`;
}

export const toastDismissFailed = (e: unknown) =>
  toast.error(failure('Failed to dismiss announcement', DISMISS_FAILED, e));

export const announcementToasts = {
  created: () => toast.success('Announcement created successfully.'),
  updated: () => toast.success('Announcement updated successfully.'),
  deleted: () => toast.success('Announcement deleted successfully.'),
  createFailed: (e: unknown) =>
    toast.error(failure('Failed to create announcement', ADMIN_FALLBACKS.create, e)),
  updateFailed: (e: unknown) =>
    toast.error(failure('Failed to update announcement', ADMIN_FALLBACKS.update, e)),
  deleteFailed: (e: unknown) =>
    toast.error(failure('Failed to delete announcement', ADMIN_FALLBACKS.delete, e)),
};
