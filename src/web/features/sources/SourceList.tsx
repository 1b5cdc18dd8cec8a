// Shared list chrome: the three loading rows, the load error, a row's name/URL block.
import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { NewsSource } from '../../../shared/types';
import { Badge } from '../../components/ui/badge';
import { Skeleton } from '../../components/ui/skeleton';
import { SourceTypeIcon, typeLabel } from './source-types';

export const LOAD_ERROR = 'Failed to load news sources. Please try again.';

export function SourceSkeletonRows() {
  return (
    <ul className="flex flex-col gap-2" aria-busy="true" aria-label="Loading sources">
      {[0, 1, 2].map((i) => (
        <li
          key={i}
          data-testid="source-skeleton"
          className="flex items-center gap-3 rounded-md border border-border p-3"
        >
          <Skeleton className="h-8 w-8 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-2/3" />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function SourceLoadError() {
  return (
    <p
      role="alert"
      className="flex items-center gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
    >
      <AlertCircle className="h-4 w-4 shrink-0" aria-hidden="true" />
      {LOAD_ERROR}
    </p>
  );
}

/** Icon, name, type badge and URL of a source, plus whatever goes under them. */
export function SourceSummary({
  source,
  showType = true,
  children,
}: {
  source: NewsSource;
  showType?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-1 items-start gap-3">
      <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <SourceTypeIcon type={source.sourceType} />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 font-medium break-words">{source.name}</span>
          {showType ? <Badge variant="outline">{typeLabel(source.sourceType)}</Badge> : null}
        </div>
        {source.builtIn ? (
          // Written by AstroDash itself (AI Briefings): there is no page to link to.
          <p className="text-xs text-muted-foreground">
            {source.userId === null
              ? 'Morning and evening news briefings written by AstroDash'
              : 'Briefings for your own news queries, visible to you only'}
          </p>
        ) : (
          <a
            href={source.url}
            target="_blank"
            rel="noopener noreferrer"
            className="truncate text-xs text-muted-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            title={source.url}
          >
            {source.url}
          </a>
        )}
        {children}
      </div>
    </div>
  );
}
