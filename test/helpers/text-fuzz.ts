// A small seeded generator of hostile text and HTML for the AI parsers' fuzz
// tests (sentence splitting, article extraction). Local to this suite: the
// parsers lane's shared generator was not on this branch when it was written.
export function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    // xorshift32: fast, deterministic, good enough for fuzzing
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const PIECES = [
  'Dr.',
  'U.S.',
  'e.g.',
  'Mr.',
  '3.14',
  '...',
  '?!',
  '.',
  '. ',
  '"',
  '(',
  ')',
  'NASA',
  'the',
  'orbit',
  'Jupiter',
  '\n',
  '\t',
  '  ',
  'a'.repeat(40),
  '.'.repeat(30),
  '€',
  '🚀',
  ';',
  ':',
  ',',
];

/** Text of about `length` characters built from abbreviation-, dot- and space-heavy pieces. */
export function hostileText(length: number, seed = 1): string {
  const next = rng(seed);
  const out: string[] = [];
  let n = 0;
  while (n < length) {
    const piece = PIECES[Math.floor(next() * PIECES.length)];
    out.push(piece, next() < 0.5 ? ' ' : '');
    n += piece.length + 1;
  }
  return out.join('').slice(0, length);
}

const TAGS = ['div', 'p', 'span', 'article', 'section', 'a', 'b', 'table', 'td', 'li', 'ul'];

/** HTML of about `length` characters: deep nesting, unclosed tags, attributes, text. */
export function hostileHtml(length: number, seed = 1): string {
  const next = rng(seed);
  const out: string[] = ['<html><body>'];
  let n = 0;
  while (n < length) {
    const r = next();
    const tag = TAGS[Math.floor(next() * TAGS.length)];
    const piece =
      r < 0.35
        ? `<${tag} class="c${Math.floor(next() * 9)}">`
        : r < 0.5
          ? `</${tag}>`
          : r < 0.55
            ? '<<<>>'
            : r < 0.6
              ? '<!-- x -->'
              : `${hostileText(40 + Math.floor(next() * 80), Math.floor(next() * 1e9))} `;
    out.push(piece);
    n += piece.length;
  }
  return out.join('');
}

/** Median milliseconds of `runs` calls of fn. */
export function medianMs(fn: () => void, runs = 3): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return times.toSorted((a, b) => a - b)[Math.floor(runs / 2)];
}
