// Turns a user's search box text into a safe full-text query. User syntax is
// never passed through: the text is cut into words (letters and digits only),
// each word is quoted, and the last one matches as a prefix, so "jupi" finds
// "Jupiter" while the user is still typing; once the last word (five letters or
// more) is a whole word of the index it matches as itself (see wholeLastWord in
// repository.ts), so "space" finds "space" and "spaces", not "spacecraft".

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

/** FTS5 MATCH expression: `"saturn" "rin"*` (implicit AND); `prefix` false: `"saturn" "rings"`. */
export function toFts5Query(tokens: string[], prefix = true): string {
  return tokens.map((t, i) => `"${t}"${prefix && i === tokens.length - 1 ? '*' : ''}`).join(' ');
}

/** PostgreSQL to_tsquery('english', …) text: `'saturn' & 'rin':*`; `prefix` false: no `:*`. */
export function toTsQuery(tokens: string[], prefix = true): string {
  return tokens.map((t, i) => `'${t}'${prefix && i === tokens.length - 1 ? ':*' : ''}`).join(' & ');
}
