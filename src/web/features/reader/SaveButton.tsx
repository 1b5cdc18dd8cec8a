import { useQueryClient } from '@tanstack/react-query';
import { Bookmark } from 'lucide-react';
import type { NewsItem } from '../../../shared/types';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { act, isSaved } from './state';

/** A story's Save button (bookmark icon), beside Share; pressed when the story is saved. */
export function SaveButton({ item }: { item: NewsItem }) {
  const qc = useQueryClient();
  const saved = isSaved(item);
  return (
    <Button
      variant="ghost"
      size="icon"
      className="h-8 w-8"
      aria-label="Save"
      aria-pressed={saved}
      title={saved ? 'Saved: remove from Saved' : 'Save for later'}
      onClick={() => act(qc, 'saveItem', item.id, !saved)}
    >
      <Bookmark className={cn(saved && 'fill-primary text-primary')} />
    </Button>
  );
}
