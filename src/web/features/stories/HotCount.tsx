// In the Hot view, how many of the feed's sources carried the story lately: the
// number the view ranks by.
import { Flame } from 'lucide-react';
import type { NewsItem } from '../../../shared/types';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/utils';
import { useFeedScope } from './scope';

export function HotCount({ item, className }: { item: NewsItem; className?: string }) {
  const scope = useFeedScope();
  if (scope?.view !== 'hot') return null;
  const n = item.story.sourceCount;
  return (
    <Badge variant="warning" className={cn('gap-1', className)} data-testid="hot-count">
      <Flame className="h-3 w-3" aria-hidden="true" />
      {n} {n === 1 ? 'source' : 'sources'}
    </Badge>
  );
}
