// The purge's texts with the configured age (PURGE_AGE_DAYS, from GET /_api/admin/jobs):
// at the default 30 they are the spec's words (001 §2); 0 keeps every story.

/** "older than 30 days"; "older than 1 day". */
const olderThan = (days: number) => `older than ${days} ${days === 1 ? 'day' : 'days'}`;

export function scheduledPurgeText(days: number): string {
  return days > 0
    ? `Automatically purges news stories ${olderThan(days)} at 6 AM EST daily.`
    : 'Automatic purging keeps every story: PURGE_AGE_DAYS is 0.';
}

export function manualPurgeText(days: number): string {
  return days > 0
    ? `Delete every news story ${olderThan(days)} now.`
    : 'PURGE_AGE_DAYS is 0: no story is old enough to purge.';
}

export function purgeConfirmText(days: number): string {
  return days > 0
    ? `This will permanently delete all news stories ${olderThan(days)}. This action cannot be undone.`
    : 'PURGE_AGE_DAYS is 0, so no story will be deleted.';
}
