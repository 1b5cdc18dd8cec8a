// One log line per refresh instead of one per failed source: what a person
// reading `npm start` needs is how the round went, and which sources to look at.

export interface RefreshTally {
  fetched: number;
  newItems: number;
  /** "name: reason" for each source that failed. */
  failures: string[];
}

const LISTED_FAILURES = 5;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "NASA: Timed out after 15 s; r/space: HTTP 429; 3 more": the first few failures, then a count. */
function listFailures(failures: string[]): string {
  // Reasons are sentences ("… refused the connection."): no full stop before a semicolon.
  const listed = failures
    .slice(0, LISTED_FAILURES)
    .map((f) => f.replace(/\.$/, ''))
    .join('; ');
  const more = failures.length - LISTED_FAILURES;
  return `${listed}${more > 0 ? `; ${more} more` : ''}`;
}

/** "refreshed 17 sources: 15 ok, 2 failed (NASA: Timed out after 15 s; …), 12 new items" */
export function refreshSummary({ fetched, newItems, failures }: RefreshTally): string {
  const ok = fetched - failures.length;
  let line = `refreshed ${plural(fetched, 'source', 'sources')}: ${ok} ok`;
  if (failures.length > 0) line += `, ${failures.length} failed (${listFailures(failures)})`;
  return `${line}, ${plural(newItems, 'new item', 'new items')}`;
}

/**
 * A refresh in which every source failed, as a job's error: "17 of 17 sources could
 * not be fetched: NASA: Timed out after 15 s; …". Null when any source was read (or
 * none was tried): that run did its work.
 */
export function everyFetchFailed(
  result: { sourcesFetched: number; sourcesFailed: number },
  failures: string[],
): string | null {
  const { sourcesFetched: tried, sourcesFailed: failed } = result;
  if (tried === 0 || failed < tried) return null;
  const line = `${failed} of ${plural(tried, 'source', 'sources')} could not be fetched`;
  return failures.length > 0 ? `${line}: ${listFailures(failures)}` : `${line}.`;
}
