// Generators of pathological input for parsers of fetched text, and a growth
// check that needs no wall-clock threshold: a parser is linear when doubling
// its input (1 MB → 2 MB) at most triples its time. Used by the ingest fuzz
// tests and bench/parsers-pathological.ts; reusable for any text entry point
// (article extraction, sentence splitting…).

export const KB = 1024;
export const MB = 1024 * 1024;

/** `unit` repeated up to exactly `size` characters, between `before` and `after`. */
export function repeatTo(unit: string, size: number, before = '', after = ''): string {
  const room = Math.max(0, size - before.length - after.length);
  const body = unit.repeat(Math.ceil(room / Math.max(1, unit.length))).slice(0, room);
  return before + body + after;
}

/** Every non-empty prefix of `token`: '<!E' → ['<', '<!', '<!E']. */
export function prefixesOf(token: string): string[] {
  return Array.from({ length: token.length }, (_, i) => token.slice(0, i + 1));
}

/** All prefixes of all tokens, concatenated: the input that keeps a matcher almost-matching. */
export function prefixUnit(tokens: readonly string[]): string {
  return tokens.flatMap(prefixesOf).join(' ');
}

export interface PathologicalCase {
  name: string;
  /** The input of about `size` characters. */
  make: (size: number) => string;
}

/**
 * The standard family for a set of tokens a parser looks for: each token
 * repeated (never terminated), all their prefixes, nested open tags, tags
 * left unterminated, and one huge attribute value.
 */
export function pathologicalCases(tokens: readonly string[]): PathologicalCase[] {
  const cases: PathologicalCase[] = tokens.map((token) => ({
    name: `repeated ${JSON.stringify(token)}`,
    make: (size) => repeatTo(token, size),
  }));
  cases.push(
    { name: 'every prefix of every token', make: (size) => repeatTo(prefixUnit(tokens), size) },
    { name: 'nested open tags', make: (size) => repeatTo('<div><p><a href="x">', size) },
    { name: 'unterminated tags', make: (size) => repeatTo('<img src="a" alt=', size) },
    {
      name: 'long attribute value',
      make: (size) => repeatTo('x', size, '<p><img title="', '">'),
    },
    {
      name: 'unterminated comment and CDATA',
      make: (size) => repeatTo('<!-- <![CDATA[ ', size),
    },
    {
      name: 'entity-like runs',
      make: (size) => repeatTo('&amp&#x&a', size),
    },
  );
  return cases;
}

/** Tokens the ingest parsers look for (tags, declarations, entities, markers). */
export const INGEST_TOKENS = [
  '<!DOCTYPE ',
  '<!ENTITY ',
  '<![CDATA[',
  '<?xml ',
  '<img ',
  '<img src=',
  '<a href="',
  '<title>',
  '<channel>',
  '<item>',
  '<p ',
  '</p',
  '<br',
  '&#',
  '<!-- SC_OFF -->',
  '<link rel=',
  '<meta ',
] as const;

/** Wraps a payload into a feed document of the given format, at one field. */
export function inFeed(
  format: 'rss' | 'atom' | 'rdf' | 'json',
  payload: string,
  field: 'title' | 'description' | 'content' = 'description',
): string {
  if (format === 'json') {
    const item: Record<string, string> = { id: '1', url: 'https://example.test/1' };
    item[field === 'content' ? 'content_html' : field === 'title' ? 'title' : 'summary'] = payload;
    return JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'Fuzz',
      items: [item],
    });
  }
  // As element text the payload must not end the document early: escape it (the
  // parser still sees every character; entity decoding is then part of the work).
  // Cut back to the payload's length so the document stays the size asked for.
  let text = payload.replace(/&/g, '&amp;').replace(/</g, '&lt;').slice(0, payload.length);
  const amp = text.lastIndexOf('&');
  if (amp >= 0 && amp > text.length - 5 && !text.includes(';', amp)) text = text.slice(0, amp);
  if (format === 'atom') {
    const tag = field === 'content' ? 'content' : field === 'title' ? 'title' : 'summary';
    return `<feed xmlns="http://www.w3.org/2005/Atom"><title>Fuzz</title><entry><id>1</id><link href="https://example.test/1"/><${tag} type="html">${text}</${tag}></entry></feed>`;
  }
  const tag = field === 'content' ? 'content:encoded' : field;
  if (format === 'rdf')
    return `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Fuzz</title></channel><item rdf:about="https://example.test/1"><link>https://example.test/1</link><${tag}>${text}</${tag}></item></rdf:RDF>`;
  return `<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Fuzz</title><item><link>https://example.test/1</link><${tag}>${text}</${tag}></item></channel></rss>`;
}

/** Minimum time of `reps` runs of `fn(input)`, in ms. */
export function minTime(fn: (input: string) => unknown, input: string, reps: number): number {
  let best = Infinity;
  for (let r = 0; r < reps; r++) {
    const started = performance.now();
    fn(input);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

export interface Growth {
  small: number;
  large: number;
  /** large / small, both floored at `floorMs` so sub-millisecond noise cannot fail a check. */
  ratio: number;
}

/**
 * Times `fn` on `make(size)` and `make(2 × size)` (minimum of `reps` runs,
 * alternating so machine load hits both alike). A linear parser answers a
 * ratio near 2; a quadratic one near 4. A ratio over 3 is measured again with
 * more runs (a busy machine can stall one run), and then confirmed on the next
 * doubling (2 → 4 MB): V8's garbage collector has a step right at the 1 → 2 MB
 * boundary for allocation-heavy work (entities' decodeHTML alone measures
 * 11 → 41 → 94 ms at 1, 2 and 4 MB), while a quadratic parser is ×4 at every
 * doubling. The answer is the smaller of the two ratios.
 */
export function measureGrowth(
  fn: (input: string) => unknown,
  make: (size: number) => string,
  {
    size = MB,
    reps = 1,
    floorMs = 5,
    confirm = true,
  }: { size?: number; reps?: number; floorMs?: number; confirm?: boolean } = {},
): Growth {
  const small = make(size);
  const large = make(2 * size);
  let s = Infinity;
  let l = Infinity;
  const growth = (): Growth => ({
    small: s,
    large: l,
    ratio: Math.max(l, floorMs) / Math.max(s, floorMs),
  });
  fn(small.slice(0, 4096)); // warm the code paths up
  for (const runs of [reps, 2 * reps, 4 * reps]) {
    for (let r = 0; r < runs; r++) {
      s = Math.min(s, minTime(fn, small, 1));
      l = Math.min(l, minTime(fn, large, 1));
    }
    if (growth().ratio <= 3) break;
  }
  const first = growth();
  if (first.ratio <= 3 || !confirm) return first;
  const next = measureGrowth(fn, make, { size: 2 * size, reps: 2, floorMs, confirm: false });
  return next.ratio < first.ratio ? next : first;
}
