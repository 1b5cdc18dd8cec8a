// A 64-bit simhash of an item's text (Charikar): near-copies of one text (a
// press release run by two sites, a syndicated wire story) differ in a few bits
// only. Kept as two unsigned 32-bit halves: no BigInt on the hot path.

/** Characters of title and summary hashed. */
const TEXT_CHARS = 1_200;

export type Simhash = readonly [hi: number, lo: number];

/** FNV-1a's step over a string's characters, from `h`. */
function fnvOver(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** A final mix so that nearby inputs spread over all bits. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** FNV-1a over a string, 32 bits, from a seed (mixed at the end). */
export const fnv = (text: string, seed: number) => mix(fnvOver(seed >>> 0, text));

const SPACE = 0x20;

/** fnv() of the words joined by spaces, without joining them (one per shingle at ingestion). */
function fnvOfWords(words: readonly string[], from: number, to: number, seed: number): number {
  let h = seed >>> 0;
  for (let i = from; i < to; i++) {
    if (i > from) h = Math.imul(h ^ SPACE, 0x01000193) >>> 0;
    h = fnvOver(h, words[i]);
  }
  return mix(h);
}

/** The simhash of the text's word 3-shingles (every word counts: this is about copies). */
export function simhash(text: string): Simhash {
  const words = text
    .slice(0, TEXT_CHARS)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const hi = new Int32Array(32);
  const lo = new Int32Array(32);
  const n = Math.max(1, words.length - 2);
  for (let i = 0; i < n; i++) {
    const end = Math.min(i + 3, words.length);
    const a = fnvOfWords(words, i, end, 0x811c9dc5);
    const b = fnvOfWords(words, i, end, 0x9747b28c);
    for (let bit = 0; bit < 32; bit++) {
      hi[bit] += (((a >>> bit) & 1) << 1) - 1;
      lo[bit] += (((b >>> bit) & 1) << 1) - 1;
    }
  }
  let h = 0;
  let l = 0;
  for (let bit = 0; bit < 32; bit++) {
    if (hi[bit] > 0) h |= 1 << bit;
    if (lo[bit] > 0) l |= 1 << bit;
  }
  return [h >>> 0, l >>> 0];
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

export const hamming = (a: Simhash, b: Simhash) => popcount(a[0] ^ b[0]) + popcount(a[1] ^ b[1]);

/** 16 hex digits, for storage. */
export const simhashToHex = (h: Simhash) =>
  h[0].toString(16).padStart(8, '0') + h[1].toString(16).padStart(8, '0');

export function simhashFromHex(hex: string): Simhash | null {
  if (!/^[0-9a-f]{16}$/.test(hex)) return null;
  return [Number.parseInt(hex.slice(0, 8), 16), Number.parseInt(hex.slice(8), 16)];
}
