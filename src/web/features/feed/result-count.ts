// The words of a search's result count, from the list call's pagination: a search
// with more matches than the server counts (SEARCH_COUNT_LIMIT) says "1,000+ results".
import type { NewsListResponse } from '../../../shared/types';

export function resultCountText(
  pagination: Pick<NewsListResponse['pagination'], 'totalItems' | 'totalIsLowerBound'>,
): string {
  const { totalItems, totalIsLowerBound } = pagination;
  const number = totalItems.toLocaleString('en-US');
  if (totalIsLowerBound) return `${number}+ results`;
  return `${number} ${totalItems === 1 ? 'result' : 'results'}`;
}
