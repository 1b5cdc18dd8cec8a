import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { hasActiveFilters } from './filters';
import { FilterBar, type FilterBarProps } from './FilterBar';

/**
 * The sidebar's Filters panel. Below 768 px it folds into a 'Filters' toggle
 * above the content so the feed comes first.
 */
export function FeedFilters(props: FilterBarProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section
      aria-label="Filters"
      className="rounded-lg border border-border bg-card px-4 py-2 shadow-sm md:p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-base font-semibold">
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          Filters
          {hasActiveFilters(props.filter, props.baseline) && (
            <span className="h-2 w-2 rounded-full bg-primary md:hidden" aria-hidden="true" />
          )}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          className="md:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide' : 'Show'}
          <ChevronDown className={cn('transition-transform', open && 'rotate-180')} />
        </Button>
      </div>
      <div id={panelId} className={cn('mt-3 md:mt-4 md:block', open ? 'block' : 'hidden')}>
        <FilterBar {...props} />
      </div>
    </section>
  );
}
