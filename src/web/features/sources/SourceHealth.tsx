// A source's health line: last fetched, item count, last error (so a user sees why it is empty).
import type { SourceHealth as Health } from '../../../shared/types';
import { formatDateTime, timeAgo } from '../../lib/format';

export function SourceHealth({ health }: { health: Health }) {
  const fetched = health.lastFetchedAt ? new Date(health.lastFetchedAt) : null;
  const items = `${health.itemCount} ${health.itemCount === 1 ? 'item' : 'items'}`;
  return (
    <div className="flex flex-col gap-0.5 text-xs text-muted-foreground">
      <p>
        {fetched && !Number.isNaN(fetched.getTime()) ? (
          <>
            Last fetched{' '}
            <time dateTime={fetched.toISOString()} title={formatDateTime(fetched)}>
              {timeAgo(fetched)}
            </time>
          </>
        ) : (
          'Not fetched yet'
        )}
        {' · '}
        {items}
      </p>
      {health.lastError ? (
        <p className="break-words text-destructive">
          <span className="font-medium">Last error:</span> {health.lastError}
        </p>
      ) : null}
    </div>
  );
}
