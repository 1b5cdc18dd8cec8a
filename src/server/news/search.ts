// Turns a user's search box text into a safe full-text query. User syntax is
// never passed through: the text is cut into words (letters and digits only),
// each word is quoted, and the last one matches as a prefix, so "jupi" finds
// "Jupiter" while the user is still typing.

const MAX_TOKENS = 16;

/** Lower-cased words of the input; empty when it holds only punctuation. */
export function searchTokens(input: string): string[] {
  return input
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_TOKENS);
}

/** FTS5 MATCH expression: `"saturn" "rin"*` (implicit AND). */
export function toFts5Query(tokens: string[]): string {
  return tokens.map((t, i) => `"${t}"${i === tokens.length - 1 ? '*' : ''}`).join(' ');
}

/** PostgreSQL to_tsquery('english', …) text: `'saturn' & 'rin':*`. */
export function toTsQuery(tokens: string[]): string {
  return tokens.map((t, i) => `'${t}'${i === tokens.length - 1 ? ':*' : ''}`).join(' & ');
}
