// Sentence splitting with wink-nlp's English model (not a regular expression),
// so "Dr.", "U.S." and "3.5" do not end a sentence. Input is capped first:
// the cost is linear in the text, and the cap bounds it.
import winkNLP, { type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/** Longer text is cut (at a space) before splitting: about 8,000 words. */
export const MAX_SPLIT_CHARS = 48_000;
/** Sentences longer than this are cut (runs of text without punctuation: lists, tables). */
const MAX_SENTENCE_CHARS = 600;

let nlp: WinkMethods | null = null;
// Only sentence boundaries: no part-of-speech, entities or sentiment.
const engine = () => (nlp ??= winkNLP(model, ['sbd']));

/** Cuts at the last space before `max` characters (or at `max` when there is none nearby). */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max);
  return text.slice(0, space > max - 200 ? space : max);
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

export function splitSentences(text: string): string[] {
  const input = collapse(capText(text, MAX_SPLIT_CHARS));
  if (!input) return [];
  const out: string[] = [];
  for (const raw of engine().readDoc(input).sentences().out()) {
    const s = collapse(raw);
    if (!s) continue;
    out.push(s.length > MAX_SENTENCE_CHARS ? `${capText(s, MAX_SENTENCE_CHARS)}…` : s);
  }
  return out;
}
