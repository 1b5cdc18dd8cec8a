// The launch page's provider credit and status line (spec 001 §2). The launch
// schedule is fetched by the server's launch job every 4.8 hours; the page only
// reads that job's last run, and shows new launches when a run lands.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { LaunchStatus } from '../../../shared/admin';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { newsKeys } from './queries';

export const launchStatusKey = ['launch-status'] as const;

export function useLaunchStatus() {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: launchStatusKey,
    queryFn: () => api.get<LaunchStatus>('/_api/news/launch-status'),
    // Poll briskly while the server is fetching, gently otherwise.
    refetchInterval: (query) => (query.state.data?.running ? 3_000 : 60_000),
  });
  // A run that finished after the page loaded brings new launches: refresh the list then,
  // not on the first answer (the list has just been requested).
  const seen = useRef<string | null | undefined>(undefined);
  const finishedAt = status.data ? (status.data.lastRun?.timestamp ?? null) : undefined;
  useEffect(() => {
    if (finishedAt === undefined) return;
    if (seen.current !== undefined && seen.current !== finishedAt)
      void queryClient.invalidateQueries({ queryKey: newsKeys.all });
    seen.current = finishedAt;
  }, [finishedAt, queryClient]);
  return status.data;
}

export function RocketStatus({ status }: { status: LaunchStatus | undefined }) {
  const last = status?.lastRun;
  return (
    <div className="mb-4 flex flex-col gap-1 rounded-lg border border-border bg-card px-4 py-3 text-sm shadow-sm">
      <p>
        Launch data provided by{' '}
        <a
          href="https://thespacedevs.com/llapi"
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
        >
          The Space Devs — Launch Library 2
          <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
        </a>
      </p>
      <p className="text-muted-foreground" role="status" data-testid="rocket-status">
        {status?.running
          ? 'Fetching latest launch data...'
          : last?.status === 'success'
            ? `Last updated: ${formatDateTime(last.timestamp)} with ${last.newItemsAdded} new items`
            : 'Data automatically refreshes every 4.8 hours.'}
      </p>
      {!status?.running && last?.status === 'error' && (
        <p className="text-destructive" data-testid="rocket-status-error">
          Last fetch failed ({formatDateTime(last.timestamp)}):{' '}
          {last.error || 'An unknown error occurred.'}
        </p>
      )}
    </div>
  );
}
