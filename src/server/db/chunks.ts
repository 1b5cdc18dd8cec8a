/**
 * A list cut into parts of `size` (500 unless told), one statement each: an
 * `IN (…)` or a multi-row insert stays well under SQLite's and PostgreSQL's
 * parameter limits.
 */
export const chunks = <T>(list: readonly T[], size = 500): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) =>
    list.slice(i * size, (i + 1) * size),
  );
