/** First letters of the first and last words (one letter for a single word). */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** The first user-perceived character, so an emoji or accented letter stays whole. */
const firstGrapheme = (word: string) =>
  graphemes.segment(word)[Symbol.iterator]().next().value?.segment ?? '';

function firstAndLast(words: string[]): string {
  const parts = words.filter(Boolean);
  if (parts.length === 0) return '';
  const first = firstGrapheme(parts[0]);
  const last = parts.length > 1 ? firstGrapheme(parts[parts.length - 1]) : '';
  return (first + last).toUpperCase();
}

/**
 * Avatar initials (spec 001 §2): the first letters of the first and last words
 * of the display name, else from the e-mail's local part, else 'U'.
 */
export function initialsFor(displayName?: string | null, email?: string | null): string {
  return (
    firstAndLast((displayName ?? '').trim().split(/\s+/u)) ||
    firstAndLast((email ?? '').split('@')[0].split(/[._\-+]+/u)) ||
    'U'
  );
}
