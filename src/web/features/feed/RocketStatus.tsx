// The launch page's provider credit and status line, and its automatic fetch
// of the rocket_launch sources every 4.8 hours (spec 001 §2, §4).
import { ExternalLink } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ROCKET_REFRESH_HOURS } from '../../../shared/constants';
import { formatDateTime } from '../../lib/format';
import { useFetchSources } from './queries';
import { readRocketFetch, ROCKET_FETCH_KEY, writeStorage, type RocketFetchRecord } from './storage';

const INTERVAL_MS = ROCKET_REFRESH_HOURS * 60 * 60 * 1000;

/** Fetches the given sources on first visit, then every 4.8 h from the last fetch while the page is open. */
export function useRocketAutoFetch(sourceIds: string[] | null) {
  const fetchSources = useFetchSources();
  const { mutate } = fetchSources; // stable across renders
  const [record, setRecord] = useState<RocketFetchRecord | null>(readRocketFetch);
  const [tick, setTick] = useState(0);
  const inFlight = useRef(false);
  /** Whether this page has fetched: a failure then waits for the interval instead of retrying at once. */
  const fetchedHere = useRef(false);
  const key = sourceIds?.join(',') ?? '';

  useEffect(() => {
    if (!key) return;
    const last = readRocketFetch();
    const age = last ? Date.now() - last.timestamp : Infinity;
    if ((last?.status === 'success' || fetchedHere.current) && age < INTERVAL_MS) {
      const timer = setTimeout(() => setTick((t) => t + 1), INTERVAL_MS - age);
      return () => clearTimeout(timer);
    }
    if (inFlight.current) return; // a manual or earlier fetch is still running
    inFlight.current = true;
    fetchedHere.current = true;
    const save = (rec: RocketFetchRecord) => {
      writeStorage(ROCKET_FETCH_KEY, JSON.stringify(rec));
      setRecord(rec);
    };
    mutate(key.split(','), {
      onSuccess: (d) =>
        save({
          status: 'success',
          timestamp: Date.now(),
          newItemsAdded: d.newItemsAdded,
          sourcesFetched: d.sourcesFetched,
        }),
      onError: (e) =>
        save({
          status: 'error',
          timestamp: Date.now(),
          error: e.message || 'An unknown error occurred.',
        }),
      onSettled: () => {
        inFlight.current = false;
      },
    });
    // Runs per source set, per interval tick and after each fetch (which schedules the next one, spec 001 §4);
    // the mutation object is deliberately not a dependency.
  }, [key, tick, record?.timestamp, mutate]);

  return { pending: fetchSources.isPending, record };
}

export function RocketStatus({
  pending,
  record,
}: {
  pending: boolean;
  record: RocketFetchRecord | null;
}) {
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
        {pending
          ? 'Fetching latest launch data...'
          : record?.status === 'success'
            ? `Last updated: ${formatDateTime(record.timestamp)} with ${record.newItemsAdded ?? 0} new items`
            : 'Data automatically refreshes every 4.8 hours.'}
      </p>
      {!pending && record?.status === 'error' && (
        <p className="text-destructive">{record.error || 'An unknown error occurred.'}</p>
      )}
    </div>
  );
}
