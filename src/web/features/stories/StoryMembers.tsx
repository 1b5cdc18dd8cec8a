// The other sources' items of a story, opened in place under its primary, each
// with "Not the same story" (issue 29). Loaded on the first "Also covered by" click.
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, SplitSquareHorizontal } from 'lucide-react';
import type { NewsItem } from '../../../shared/types';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { timeAgo } from '../../lib/format';
import { cn } from '../../lib/utils';
import { isRead, storyOpened } from '../reader/state';
import { useFeedScope } from './scope';
import { useSplitStory, useStoryItems } from './queries';

export function StoryMembers({ item }: { item: NewsItem }) {
  const scope = useFeedScope();
  const query = useStoryItems(item.story.id, scope);
  const split = useSplitStory();
  const qc = useQueryClient();

  if (query.isPending)
    return (
      <div className="space-y-1.5 py-2" aria-busy="true" aria-label="Loading the other sources">
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-4 w-4/5" />
      </div>
    );
  if (query.isError)
    return (
      <p role="alert" className="flex items-center gap-1.5 py-2 text-xs text-destructive">
        <AlertTriangle className="h-3.5 w-3.5" aria-hidden="true" />
        {query.error.message || 'Failed to load the other sources'}
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0 text-xs"
          onClick={() => void query.refetch()}
        >
          Try again
        </Button>
      </p>
    );
  const others = query.data.items.filter((m) => m.id !== item.id);
  if (others.length === 0)
    return (
      <p className="py-2 text-xs text-muted-foreground">
        No other source in this feed carries the story any more.
      </p>
    );
  return (
    <ul
      className="mt-1 divide-y divide-border/70 rounded-md border border-border/70 bg-muted/30"
      data-testid="story-members"
    >
      {others.map((m) => (
        <li key={m.id} className="px-2 py-1.5" data-item-id={m.id}>
          <a
            href={m.url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => storyOpened(qc, m)}
            className={cn(
              'line-clamp-2 text-sm leading-snug break-words hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              isRead(m) ? 'text-muted-foreground' : 'font-medium text-foreground',
            )}
          >
            {m.title}
          </a>
          {/* Source and time, and the split on the right (its own line in a narrow card). */}
          <div className="flex flex-wrap items-center gap-x-2">
            <p className="min-w-0 truncate text-xs text-muted-foreground">
              <span className="font-medium text-foreground/80">
                {m.sourceName || 'Unknown Source'}
              </span>
              {' · '}
              <time dateTime={m.publishedAt} title={new Date(m.publishedAt).toLocaleString()}>
                {timeAgo(m.publishedAt)}
              </time>
            </p>
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto h-6 shrink-0 px-1.5 text-xs text-muted-foreground"
              disabled={split.isPending}
              onClick={() => split.mutate(m.id)}
              title="This is a different story: show it on its own"
            >
              <SplitSquareHorizontal aria-hidden="true" />
              Not the same story
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
