// A page's feed filter: derived from the sources until the user changes it,
// so the first list call waits for the sources (spec §2 "Initial feed filter").
import { useState } from 'react';
import type { NewsSource } from '../../../shared/types';
import { useSources } from '../sources/queries';
import { toListParams, type FeedFilter } from './filters';

export function useFeedFilter(initialFor: (sources: NewsSource[]) => FeedFilter) {
  const sources = useSources();
  const [chosen, setFilter] = useState<FeedFilter | null>(null);
  // If the sources cannot load, the feed still shows (unfiltered) rather than waiting forever.
  const list = sources.data ?? (sources.isError ? [] : null);
  const filter = chosen ?? (list ? initialFor(list) : null);
  return {
    sources: list,
    filter,
    setFilter,
    params: filter ? toListParams(filter, list ?? undefined) : null,
  };
}
