// The AI Summary section of a card or row (spec: shown when the item's content,
// or its summary when it has none, has 100+ characters). The first click asks
// the server; the answer is cached per item, so opening it again, in a card or
// a row, never asks twice.
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronUp, Sparkles } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from '../../lib/toast';
import { AI_SUMMARY_MIN_CONTENT } from '../../../shared/constants';
import type { NewsItem, SummarizeResponse } from '../../../shared/types';
import { Skeleton } from '../../components/ui/skeleton';
import { api } from '../../lib/api';
import { cn } from '../../lib/utils';

export const summaryKey = (itemId: string) => ['ai-summary', itemId] as const;

export function hasSummaryText(item: Pick<NewsItem, 'content' | 'summary'>): boolean {
  return (item.content || item.summary || '').length >= AI_SUMMARY_MIN_CONTENT;
}

export function AiSummary({ item, className }: { item: NewsItem; className?: string }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const query = useQuery({
    queryKey: summaryKey(item.id),
    queryFn: async () =>
      (
        await api.post<SummarizeResponse>('/_api/news/summarize', {
          newsItemId: item.id,
          // Validated by the server but not used: it summarises the stored item.
          content: (item.content || item.summaryText || item.summary).slice(0, 2000),
          url: item.url,
        })
      ).summary,
    enabled: open,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

  useEffect(() => {
    if (!query.isError) return;
    toast.error('Failed to generate summary', {
      description:
        query.error instanceof Error ? query.error.message : 'An unknown error occurred.',
    });
  }, [query.isError, query.error]);

  if (!hasSummaryText(item)) return null;
  const pending = open && query.isFetching && !query.data;

  return (
    <section
      // The feed's grid row lets a card holding an open summary grow alone (NewsFeed.tsx).
      data-summary-open={open || undefined}
      // Closed, it is one slim line, so a card stays compact; open, a bordered panel.
      className={cn('rounded-md text-sm', open && 'border border-border/70 bg-muted/30', className)}
      // Reading or selecting the summary must not open the story.
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => {
          if (open && query.isError) void query.refetch();
          else setOpen((v) => !v);
        }}
        className={cn(
          'flex w-full items-center gap-2 rounded-md text-left font-medium text-primary hover:bg-accent/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          open ? 'px-2.5 py-1.5' : 'px-0.5 py-0',
        )}
      >
        <Sparkles
          className={cn('h-4 w-4 shrink-0', pending && 'animate-pulse')}
          aria-hidden="true"
        />
        <span className="flex-1">{pending ? 'Generating AI Summary...' : 'AI Summary'}</span>
        {open ? (
          <ChevronUp className="h-4 w-4 shrink-0" aria-hidden="true" />
        ) : (
          <ChevronDown className="h-4 w-4 shrink-0" aria-hidden="true" />
        )}
      </button>
      {open && (
        <div id={regionId} aria-live="polite" aria-busy={pending} className="px-2.5 pb-2.5">
          {pending ? (
            <div className="flex flex-col gap-1.5 pt-1" data-testid="ai-summary-loading">
              <Skeleton className="h-3 w-full" />
              <Skeleton className="h-3 w-11/12" />
              <Skeleton className="h-3 w-3/4" />
            </div>
          ) : query.isError ? (
            <p className="text-destructive">Failed to generate summary. Please try again.</p>
          ) : (
            <p className="leading-relaxed break-words text-foreground/90">{query.data}</p>
          )}
        </div>
      )}
    </section>
  );
}
