// "N results" above the feed while a search term is active, from the list call's total.
export function SearchResultCount({ total }: { total: number }) {
  return (
    <p role="status" className="text-sm text-muted-foreground" data-testid="search-result-count">
      {total.toLocaleString('en-US')} {total === 1 ? 'result' : 'results'}
    </p>
  );
}
