// The feed's filter controls (spec 000 §2 "News feed"): debounced search, sort,
// item type, source toggles and 'Clear Filters'; and a space topic (issue 29).
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  ITEM_TYPES,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX,
  SEARCH_MIN,
  type ItemType,
  type SortField,
} from '../../../shared/constants';
import type { NewsSource } from '../../../shared/types';
import { Button } from '../../components/ui/button';
import { Input, Label, NativeSelect } from '../../components/ui/input';
import { humanize } from '../../lib/format';
import { cn } from '../../lib/utils';
import { useUnreadCounts } from '../reader/state';
import { TopicFilter } from '../topics/TopicFilter';
import { hasActiveFilters, resetFilter, type FeedFilter } from './filters';

/** The spec's labels describe the descending order; an ascending feed (launches) says what it shows. */
const SORTS: Array<{ value: SortField; desc: string; asc: string }> = [
  { value: 'publishedAt', desc: 'Newest', asc: 'Earliest' },
  { value: 'engagementScore', desc: 'Most Engaging', asc: 'Least Engaging' },
  { value: 'fetchedAt', desc: 'Recently Added', asc: 'First Added' },
];

/** Only a term of at least 2 characters becomes a filter. */
const toTerm = (text: string) => {
  const t = text.trim();
  return t.length >= SEARCH_MIN ? t.slice(0, SEARCH_MAX) : undefined;
};

function SearchBox({
  term,
  onTerm,
}: {
  term: string | undefined;
  onTerm: (term: string | undefined) => void;
}) {
  const id = useId();
  const [text, setText] = useState(term ?? '');
  const onTermRef = useRef(onTerm);
  onTermRef.current = onTerm;
  // Follow outside changes (Clear Filters) without fighting the user's typing.
  useEffect(() => {
    if (term === undefined) setText((t) => (toTerm(t) === undefined ? t : ''));
  }, [term]);
  useEffect(() => {
    const next = toTerm(text);
    if (next === term) return;
    const timer = setTimeout(() => onTermRef.current(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, term]);

  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>Search</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          value={text}
          maxLength={SEARCH_MAX}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search headlines and content..."
          className={cn('pl-8 [&::-webkit-search-cancel-button]:hidden', text ? 'pr-8' : 'pr-2')}
        />
        {text && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              onTerm(undefined);
            }}
            className="absolute right-1.5 top-1/2 inline-flex h-6 w-6 -translate-y-1/2 cursor-pointer items-center justify-center rounded text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="h-4 w-4" />
          </button>
        )}
      </div>
    </div>
  );
}

/** Chips shown before '+N more'; the rest show on demand, so none is hidden without a cue. */
export const SOURCE_CHIPS_SHOWN = 10;

function SourceChips({
  labelId,
  sources,
  selected,
  onToggle,
}: {
  labelId: string;
  sources: NewsSource[];
  selected: string[];
  onToggle: (id: string) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const unread = useUnreadCounts()?.bySource;
  const hidden = sources.length - SOURCE_CHIPS_SHOWN;
  const shown = expanded || hidden <= 0 ? sources : sources.slice(0, SOURCE_CHIPS_SHOWN);
  const chip =
    'max-w-full cursor-pointer truncate rounded-full border px-2.5 py-1 text-xs font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
  return (
    <div role="group" aria-labelledby={labelId} className="space-y-1.5">
      <p id={labelId} className="text-sm font-medium leading-none">
        Sources
      </p>
      <div className="flex flex-wrap gap-1.5 p-0.5">
        {shown.map((s) => {
          const on = selected.includes(s.id);
          const count = unread?.[s.id] ?? 0;
          return (
            <button
              key={s.id}
              type="button"
              aria-pressed={on}
              onClick={() => onToggle(s.id)}
              className={cn(
                chip,
                on
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border bg-card text-foreground hover:bg-accent',
              )}
            >
              {s.name}
              {count > 0 && (
                <span className={cn('ml-1.5 tabular-nums', on ? 'opacity-80' : 'text-primary')}>
                  <span className="sr-only">, unread: </span>
                  {count > 999 ? '999+' : count}
                </span>
              )}
            </button>
          );
        })}
        {hidden > 0 && (
          <button
            type="button"
            aria-expanded={expanded}
            onClick={() => setExpanded((e) => !e)}
            className={cn(
              chip,
              'border-dashed border-border bg-transparent text-primary hover:bg-accent',
            )}
          >
            {expanded ? 'Show fewer' : `+${hidden} more`}
          </button>
        )}
      </div>
    </div>
  );
}

export interface FilterBarProps {
  filter: FeedFilter;
  onChange: (filter: FeedFilter) => void;
  /** The sources offered as toggle buttons. */
  sources: NewsSource[];
  /** A feed page's own starting filter: Clear Filters goes back to it (else the spec's reset). */
  baseline?: FeedFilter;
}

export function FilterBar({ filter, onChange, sources, baseline }: FilterBarProps) {
  const sortId = useId();
  const typeId = useId();
  const set = (patch: Partial<FeedFilter>) => onChange({ ...filter, ...patch });
  const toggleSource = (id: string) =>
    set({
      sourceIds: filter.sourceIds.includes(id)
        ? filter.sourceIds.filter((s) => s !== id)
        : [...filter.sourceIds, id],
    });
  const sorted = [...sources].toSorted((a, b) => a.name.localeCompare(b.name));

  return (
    <div className="flex flex-col gap-4">
      <SearchBox term={filter.searchTerm} onTerm={(searchTerm) => set({ searchTerm })} />
      <div className="space-y-1.5">
        <Label htmlFor={sortId}>Sort by</Label>
        <NativeSelect
          id={sortId}
          value={filter.sortBy}
          onChange={(e) => set({ sortBy: e.target.value as SortField })}
        >
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {filter.sortOrder === 'asc' ? s.asc : s.desc}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={typeId}>Type</Label>
        <NativeSelect
          id={typeId}
          value={filter.itemType ?? ''}
          onChange={(e) => set({ itemType: (e.target.value || undefined) as ItemType | undefined })}
          className="capitalize"
        >
          <option value="">All Types</option>
          {ITEM_TYPES.map((t) => (
            <option key={t} value={t}>
              {humanize(t)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <TopicFilter topic={filter.topic} onTopic={(topic) => set({ topic })} />
      {sorted.length > 0 && (
        <SourceChips
          labelId={`${typeId}-sources`}
          sources={sorted}
          selected={filter.sourceIds}
          onToggle={toggleSource}
        />
      )}
      {hasActiveFilters(filter, baseline) && (
        <Button variant="outline" size="sm" onClick={() => onChange(baseline ?? resetFilter())}>
          <X />
          Clear Filters
        </Button>
      )}
    </div>
  );
}
