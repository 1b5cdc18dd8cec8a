// "Also covered by N sources" under a story's primary (issue 29): a button that
// opens, in place, the other sources' items of the story. The list and its
// "Not the same story" load on the first click (StoryMembers.tsx).
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useId, useState } from 'react';
import type { NewsItem } from '../../../shared/types';
import { useLoadOnUse } from '../../lib/load-on-use';
import { cn } from '../../lib/utils';

const loadMembers = () => import('./StoryMembers').then((m) => m.StoryMembers);

/** "Also covered by 1 source", "… by 3 sources". */
export const coverageLabel = (others: number) =>
  `Also covered by ${others} ${others === 1 ? 'source' : 'sources'}`;

export function AlsoCovered({ item, className }: { item: NewsItem; className?: string }) {
  const others = item.story.sourceCount - 1;
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const { Loaded, triggerProps } = useLoadOnUse(loadMembers);
  if (others < 1) return null;
  const toggle = () => {
    if (!Loaded) triggerProps.onClick();
    setOpen((v) => !v);
  };
  return (
    <section
      // The feed's grid row lets the card that holds an open list grow alone (NewsFeed.tsx).
      data-story-open={open || undefined}
      className={cn('text-sm', className)}
      // Reading the list or pressing its buttons must not open the story.
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={regionId}
        data-testid="also-covered"
        onClick={toggle}
        onPointerEnter={triggerProps.onPointerEnter}
        onFocus={triggerProps.onFocus}
        className="inline-flex items-center gap-1 rounded-md px-0.5 text-left text-xs font-medium whitespace-nowrap text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {coverageLabel(others)}
        {open ? (
          <ChevronUp className="h-3.5 w-3.5" aria-hidden="true" />
        ) : (
          <ChevronDown className="h-3.5 w-3.5" aria-hidden="true" />
        )}
      </button>
      {open && (
        <div id={regionId}>
          {Loaded ? (
            <Loaded item={item} />
          ) : (
            <p className="px-1 py-2 text-xs text-muted-foreground" role="status">
              Loading the other sources…
            </p>
          )}
        </div>
      )}
    </section>
  );
}
