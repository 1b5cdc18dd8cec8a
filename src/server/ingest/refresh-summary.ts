// One log line per refresh instead of one per failed source: what a person
// reading `npm start` needs is how the round went, and which sources to look at.

export interface RefreshTally {
  fetched: number;
  newItems: number;
  /** "name: reason" for each source that failed. */
  failures: string[];
}

const LISTED_FAILURES = 5;

/** "refreshed 17 sources: 15 ok, 2 failed (NASA: Timed out after 15 s; …), 12 new items" */
export function refreshSummary({ fetched, newItems, failures }: RefreshTally): string {
  const ok = fetched - failures.length;
  let line = `refreshed ${fetched} source${fetched === 1 ? '' : 's'}: ${ok} ok`;
  if (failures.length > 0) {
    const listed = failures.slice(0, LISTED_FAILURES).join('; ');
    const more = failures.length - LISTED_FAILURES;
    line += `, ${failures.length} failed (${listed}${more > 0 ? `; ${more} more` : ''})`;
  }
  return `${line}, ${newItems} new item${newItems === 1 ? '' : 's'}`;
}
