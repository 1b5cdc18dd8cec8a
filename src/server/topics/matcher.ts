// Finds the vocabulary's entities in a text: whole words only, case-aware,
// linear in the text. The text is cut to MAX_TEXT_CHARS first, then split once
// into word tokens (runs of letters and digits; everything else separates, so
// "Falcon-9" and "Falcon 9" read alike and "Mars" is never found inside
// "Marshall"). A trie over lower-cased tokens is walked from each token at
// most MAX_ALIAS_TOKENS deep, leftmost-longest, so the cost is O(tokens).
//
// Case rules, per alias token: an acronym ("ESA", "JWST") matches only in the
// same capitals; a capitalised word ("Mars", "Webb") needs a capital first
// letter (so "webb" in a URL slug or "moon" in prose is not a mention); a
// lower-case word ("station") and anything holding a digit match in any case.
import type { SpaceEntity } from './entities';

export const MAX_TEXT_CHARS = 20_000;
export const MAX_ALIAS_TOKENS = 8;

export interface EntityMatch {
  slug: string;
  name: string;
  kind: SpaceEntity['kind'];
  /** The words as they stand in the text, and where (UTF-16 offsets). */
  text: string;
  start: number;
  end: number;
}

interface Token {
  raw: string;
  key: string;
  start: number;
  end: number;
}

type CaseRule = 'exact' | 'capital' | 'any';

interface Terminal {
  /** Index into the entity list; -1 for a stop phrase (consumes, tags nothing). */
  entity: number;
  rules: CaseRule[];
  raws: string[];
}

interface TrieNode {
  next: Map<string, TrieNode>;
  terminals: Terminal[];
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Word tokens of `text` (already capped), with their offsets. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const isWord = i < text.length && WORD_CHAR.test(text[i]);
    if (isWord && start < 0) start = i;
    else if (!isWord && start >= 0) {
      const raw = text.slice(start, i);
      tokens.push({ raw, key: raw.toLowerCase(), start, end: i });
      start = -1;
    }
  }
  return tokens;
}

function caseRule(token: string): CaseRule {
  if (/\d/.test(token)) return 'any';
  const letters = token.replace(/[^\p{L}]/gu, '');
  if (letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase())
    return 'exact';
  const first = letters[0] ?? '';
  if (first !== first.toLowerCase()) return 'capital';
  // "iQPS": capitals after a lower-case start are part of the name.
  if (letters !== letters.toLowerCase()) return 'exact';
  return 'any';
}

function passes(rule: CaseRule, aliasRaw: string, textRaw: string): boolean {
  switch (rule) {
    case 'any':
      return true;
    case 'exact':
      return aliasRaw === textRaw;
    case 'capital': {
      const first = textRaw[0];
      return first !== first.toLowerCase();
    }
  }
}

export class EntityMatcher {
  private readonly root: TrieNode = { next: new Map(), terminals: [] };

  constructor(
    readonly entities: readonly SpaceEntity[],
    stopPhrases: readonly string[] = [],
  ) {
    entities.forEach((entity, index) => {
      for (const alias of entity.aliases) this.add(alias, index);
    });
    for (const phrase of stopPhrases) this.add(phrase, -1);
  }

  private add(alias: string, entity: number): void {
    const tokens = tokenize(alias);
    if (tokens.length === 0 || tokens.length > MAX_ALIAS_TOKENS) return;
    let node = this.root;
    for (const token of tokens) {
      let child = node.next.get(token.key);
      if (!child) {
        child = { next: new Map(), terminals: [] };
        node.next.set(token.key, child);
      }
      node = child;
    }
    const raws = tokens.map((t) => t.raw);
    node.terminals.push({ entity, raws, rules: raws.map(caseRule) });
  }

  /** Every mention, in text order, leftmost-longest, never overlapping. */
  match(input: string): EntityMatch[] {
    const text = input.length > MAX_TEXT_CHARS ? input.slice(0, MAX_TEXT_CHARS) : input;
    const tokens = tokenize(text);
    const matches: EntityMatch[] = [];
    let i = 0;
    while (i < tokens.length) {
      let node: TrieNode | undefined = this.root;
      let best: { terminal: Terminal; length: number } | undefined;
      for (let j = i; j < tokens.length && j - i < MAX_ALIAS_TOKENS; j++) {
        node = node.next.get(tokens[j].key);
        if (!node) break;
        const terminal = node.terminals.find((t) =>
          t.rules.every((rule, k) => passes(rule, t.raws[k], tokens[i + k].raw)),
        );
        if (terminal) best = { terminal, length: j - i + 1 };
      }
      if (!best) {
        i++;
        continue;
      }
      if (best.terminal.entity >= 0) {
        const entity = this.entities[best.terminal.entity];
        const start = tokens[i].start;
        const end = tokens[i + best.length - 1].end;
        matches.push({
          slug: entity.slug,
          name: entity.name,
          kind: entity.kind,
          text: text.slice(start, end),
          start,
          end,
        });
      }
      i += best.length;
    }
    return matches;
  }
}
