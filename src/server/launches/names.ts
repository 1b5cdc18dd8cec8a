// Whole-word, case-aware name matching for story ↔ launch links. A name is a
// phrase of word tokens; it matches a story where the same tokens stand side
// by side. A capitalised word of a name ("Electron", "Falcon") matches only a
// capitalised word of the text, so "electron" in a physics story is not the
// rocket; a short all-capitals word ("SLS", "ULA") matches only capitals.
// Linear in the text: the text is capped, tokenised once, and each name is
// looked up by its first token.
//
// The space vocabulary of issue 29 (src/server/topics/) will offer the same
// kind of matcher; linking goes through `textIndex`/`matches` only, so it can
// switch over in one place.

/** Characters of a story read for names (title and summary; longer text adds noise, not names). */
export const TEXT_CAP = 6000;

export interface NameToken {
  text: string;
  /** The text's word must start with a capital. */
  capital: boolean;
  /** The text's word must be all capitals (short acronyms). */
  acronym: boolean;
}

export type Name = readonly NameToken[];

interface TextToken {
  text: string;
  capital: boolean;
  allCaps: boolean;
}

export interface TextIndex {
  tokens: TextToken[];
  /** Positions of each token text. */
  at: Map<string, number[]>;
}

const ROMAN: Record<string, string> = {
  i: '1',
  ii: '2',
  iii: '3',
  iv: '4',
  v: '5',
  vi: '6',
  vii: '7',
  viii: '8',
  ix: '9',
  x: '10',
};
export const romanToArabic = (token: string) => ROMAN[token] ?? null;

/** Letters without their accents (Māhia → Mahia), compatibility forms unfolded. */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '');
}

const WORD = /[\p{L}\p{N}]+/gu;

function tokenize(text: string): TextToken[] {
  const out: TextToken[] = [];
  for (const m of fold(text.slice(0, TEXT_CAP)).matchAll(WORD)) {
    const raw = m[0];
    const first = raw[0];
    const letters = raw.replace(/\p{N}/gu, '');
    out.push({
      text: raw.toLowerCase(),
      capital: first !== first.toLowerCase() || /\p{N}/u.test(first),
      allCaps: letters.length > 0 && letters === letters.toUpperCase(),
    });
  }
  return out;
}

/** The story's words, tokenised once for every name looked up in it. */
export function textIndex(text: string): TextIndex {
  const tokens = tokenize(text);
  const at = new Map<string, number[]>();
  tokens.forEach((t, i) => {
    const list = at.get(t.text);
    if (list) list.push(i);
    else at.set(t.text, [i]);
  });
  return { tokens, at };
}

/** A phrase as a name: each word's case requirement taken from how the phrase spells it. */
export function nameOf(phrase: string): Name {
  return tokenize(phrase).map((t) => {
    const isNumber = /^\p{N}+$/u.test(t.text);
    return {
      text: t.text,
      capital: !isNumber && t.capital,
      acronym: !isNumber && t.allCaps && t.text.length >= 2 && t.text.length <= 4,
    };
  });
}

const fits = (name: NameToken, word: TextToken) =>
  name.text === word.text && (!name.capital || word.capital) && (!name.acronym || word.allCaps);

/** Whether the name stands in the text as whole words, in order, side by side. */
export function matches(index: TextIndex, name: Name): boolean {
  if (name.length === 0) return false;
  const starts = index.at.get(name[0].text);
  if (!starts) return false;
  for (const start of starts) {
    let ok = true;
    for (let k = 0; k < name.length && ok; k++) {
      const word = index.tokens[start + k];
      ok = word !== undefined && fits(name[k], word);
    }
    if (ok) return true;
  }
  return false;
}

export const nameKey = (name: Name) => name.map((t) => t.text).join(' ');
