// A story's space topics as small links to their pages, on cards and rows. A
// click on a chip goes to the topic, not to the story (feed/item.ts leaves
// links inside a card to themselves).
import { Link } from 'react-router';
import type { TopicRef } from '../../../shared/topics';
import { topicPath } from '../../../shared/routes';
import { cn } from '../../lib/utils';

export function TopicChips({
  topics,
  max = 3,
  className,
}: {
  topics: readonly TopicRef[] | undefined;
  max?: number;
  className?: string;
}) {
  if (!topics?.length) return null;
  const shown = topics.slice(0, max);
  return (
    <ul aria-label="Topics" className={cn('flex min-w-0 flex-wrap gap-1', className)}>
      {shown.map((t) => (
        <li key={t.slug} className="min-w-0">
          <Link
            to={topicPath(t.slug)}
            data-testid="topic-chip"
            title={t.name}
            className="block max-w-40 truncate rounded-full border border-border bg-secondary/60 px-2 py-px text-[0.6875rem] font-medium text-secondary-foreground hover:border-primary hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t.name}
          </Link>
        </li>
      ))}
      {topics.length > max && (
        <li className="px-1 text-[0.6875rem] text-muted-foreground">
          +{topics.length - max}
          <span className="sr-only"> more topics</span>
        </li>
      )}
    </ul>
  );
}
