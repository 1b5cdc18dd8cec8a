// "N results" above the feed while a search term is active, from the list call's
// total ("1,000+ results" when the server counted no further).
import type { NewsListResponse } from '../../../shared/types';
import { resultCountText } from './result-count';

export function SearchResultCount({
  pagination,
}: {
  pagination: Pick<NewsListResponse['pagination'], 'totalItems' | 'totalIsLowerBound'>;
}) {
  return (
    <p role="status" className="text-sm text-muted-foreground" data-testid="search-result-count">
      {resultCountText(pagination)}
    </p>
  );
}
