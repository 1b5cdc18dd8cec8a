// The purge's toasts, as the spec words them (001 §8), shared by both purge buttons.
import { toast } from '../../lib/toast';
import { PURGE_IN_PROGRESS, type PurgeResponse } from '../../../shared/admin';

export function purgeSucceeded(result: PurgeResponse | undefined) {
  if (typeof result?.deletedCount === 'number')
    toast.success(`Successfully purged ${result.deletedCount} old stories.`);
  else toast.success('Old stories purged successfully.');
}

export function purgeFailed(error: unknown) {
  const message = error instanceof Error && error.message ? error.message : '';
  if (message === PURGE_IN_PROGRESS) toast.warning(PURGE_IN_PROGRESS);
  else toast.error(message || 'An unknown error occurred while purging stories.');
}

export const purgeInProgress = () => toast.warning(PURGE_IN_PROGRESS);
