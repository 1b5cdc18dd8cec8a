// Toast texts for source changes (spec 000 §8 "Sources" and "Add source").
import { toast } from '../../lib/toast';

export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : '');

const AUTH_REQUIRED = 'Authentication required';

/** An authentication error gets a hint to sign in or refresh; returns whether it was one. */
export function toastIfAuthError(e: unknown): boolean {
  if (!messageOf(e).includes(AUTH_REQUIRED)) return false;
  toast.error(AUTH_REQUIRED, {
    description: 'Your session may have expired. Please sign in again or refresh the page.',
  });
  return true;
}

export function toastAddFailed(e: unknown) {
  if (!toastIfAuthError(e)) toast.error(messageOf(e) || 'Failed to add source. Please try again.');
}

/** The first fetch right after adding a source, with its toasts. */
export async function runFirstFetch(sourceName: string, fetchNow: () => Promise<unknown>) {
  toast.info(`Fetching latest news from "${sourceName}"...`);
  try {
    await fetchNow();
    toast.success(`Source "${sourceName}" added successfully!`);
  } catch (e) {
    if (toastIfAuthError(e)) return;
    toast.warning(
      `Source "${sourceName}" was added, but the first fetch failed. You can fetch it manually later.`,
      {
        description: messageOf(e) || undefined,
      },
    );
  }
}
