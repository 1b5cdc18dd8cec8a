import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { REFRESH_COOLDOWN_MS, STORAGE_KEYS } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { minutesSeconds } from '../../../shared/format';
import { useShowFeedTab } from './feed-tabs';
import { useRefreshFeed } from './queries';
import { unreachableText } from './source-failures';
import { readLastRefresh, writeStorage } from './storage';

/**
 * Refresh Feed with the 10-minute cool-down kept in local storage (spec §4):
 * 'Refresh Feed', 'Refreshing...', or 'Refresh in m:ss', ticking every second.
 * Beside the spec's success toast, a warning when sources could not be reached.
 */
export function RefreshButton() {
  const refresh = useRefreshFeed();
  const showTab = useShowFeedTab();
  const [lastRefresh, setLastRefresh] = useState(readLastRefresh);
  const [now, setNow] = useState(Date.now);
  const remaining = lastRefresh ? lastRefresh + REFRESH_COOLDOWN_MS - now : 0;
  const coolingDown = remaining > 0;

  useEffect(() => {
    if (!coolingDown) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [coolingDown]);

  function startCooldown(at: number) {
    writeStorage(STORAGE_KEYS.lastRefresh, String(at));
    setLastRefresh(at);
    setNow(Date.now());
  }

  function onClick() {
    if (refresh.isPending || coolingDown) return;
    startCooldown(Date.now());
    refresh.mutate(undefined, {
      onSuccess: ({ sourcesFailed, sourcesFetched }) => {
        if (!sourcesFailed) return;
        toast.warning(unreachableText(sourcesFailed, sourcesFetched), {
          description: 'Each source’s last error is on the Sources tab.',
          // Long enough to reach its button.
          duration: 10_000,
          action: showTab ? { label: 'See Sources', onClick: () => showTab('sources') } : undefined,
        });
      },
      onError: (e) => {
        // The server keeps its own cool-down: follow its Retry-After.
        if (e instanceof ApiError && e.status === 429 && e.retryAfterSeconds) {
          startCooldown(Date.now() - REFRESH_COOLDOWN_MS + e.retryAfterSeconds * 1000);
        }
      },
    });
  }

  const label = refresh.isPending
    ? 'Refreshing...'
    : coolingDown
      ? `Refresh in ${minutesSeconds(remaining)}`
      : 'Refresh Feed';
  return (
    <Button
      variant="outline"
      className="max-sm:h-8 max-sm:px-3 max-sm:text-xs"
      onClick={onClick}
      disabled={refresh.isPending || coolingDown}
    >
      <RefreshCw className={refresh.isPending ? 'animate-spin' : undefined} />
      <span className="tabular-nums">{label}</span>
    </Button>
  );
}
