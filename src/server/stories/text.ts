// The words of an item that tell its story apart: title and summary cut to a
// fixed size first (so the work per item is bounded whatever a feed sends),
// lower-cased, accents dropped, stop words out, plurals folded, Roman numerals
// after a name read as digits ("Artemis II" = "Artemis 2"). One pass, no
// backtracking: a single character class per token.

/** Characters read from a title and a summary: the lede carries the story. */
export const TITLE_CHARS = 300;
export const SUMMARY_CHARS = 600;
/** Tokens kept per item, title first. */
const MAX_TOKENS = 80;

const STOP = new Set(
  `a about above after again against all also am an and any are as at be because been before being
below between both but by can could did do does doing down during each few for from further had has
have having he her here hers him his how however i if in into is it its itself just me more most
much must my no nor not now of off on once only or other our ours out over own same she should so
some such than that the their theirs them then there these they this those through to too under
until up very via was we were what when where which while who whom why will with would you your
said says new one get got make made like well may might many even still back year years today
week day days time first last next latest news story update report reports post appeared via
live coverage watch video photo image images blog`
    .split(/\s+/)
    .filter(Boolean),
);

// Words every space story uses: evidence, but weak.
const COMMON = new Set(
  `nasa space spacex launch launches launched launching rocket rockets mission missions satellite
satellites orbit orbital spacecraft agency station international earth moon lunar astronaut
astronauts crew science scientists flight test program programme company companies system
systems plan plans u.s us data human humans successful success record falcon-9`
    .split(/\s+/)
    .filter(Boolean),
);
export const COMMON_WEIGHT = 0.35;

const ROMAN: Record<string, string> = {
  ii: '2',
  iii: '3',
  iv: '4',
  vi: '6',
  vii: '7',
  viii: '8',
  ix: '9',
};

function fold(word: string): string {
  if (word.endsWith("'s")) word = word.slice(0, -2);
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is|os)$/.test(word))
    return word.slice(0, -1);
  return word;
}

/** Lower case, accents and apostrophe variants folded. */
function plain(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .toLowerCase();
}

// A token: letters and digits, with inner hyphens or dots between them ("crew-12",
// "10-41", "u.s", "viasat-3"). Apostrophes end a word ("nasa's" → "nasa").
const TOKEN = /[a-z0-9]+(?:[-.][a-z0-9]+)*/g;

// WordPress feeds end every summary with "The post <title> appeared first on <site>.":
// the site's name would count as a word the story shares with nothing.
const BOILERPLATE = /the post .{0,400}? appeared first on [^.]{0,100}/gi;

/** The summary without feed boilerplate, within the size read. */
export const summaryText = (summary: string) =>
  summary
    .slice(0, SUMMARY_CHARS + 600)
    .replace(BOILERPLATE, ' ')
    .slice(0, SUMMARY_CHARS);

/** The item's significant words, in order, title first (duplicates kept). */
export function tokens(title: string, summary: string): { title: string[]; summary: string[] } {
  return {
    title: words(title.slice(0, TITLE_CHARS)),
    summary: words(summaryText(summary)),
  };
}

function words(text: string): string[] {
  const out: string[] = [];
  let previous = '';
  for (const match of plain(text).matchAll(TOKEN)) {
    const raw = match[0];
    // A number or Roman numeral right after a word names one of a series: "Artemis II"
    // and "Artemis 2" both add "artemis-2", "Crew 12" adds "crew-12".
    const numeral = /^\d+$/.test(raw) ? raw : ROMAN[raw];
    if (numeral) {
      if (previous) out.push(`${previous}-${numeral}`);
      previous = '';
      continue;
    }
    const word = fold(raw);
    previous = '';
    if ((word.length < 2 && !/\d/.test(word)) || STOP.has(word)) continue;
    out.push(word);
    previous = word;
    if (out.length >= MAX_TOKENS) break;
  }
  return out;
}

/** A word's weight: common space words count for less. */
export const weightOf = (word: string) => (COMMON.has(word) ? COMMON_WEIGHT : 1);

/** Designators: words with a digit (Crew-12, 10-41, NG-24, F3), that name one flight among a series. */
export const isDesignator = (word: string) => /\d/.test(word) && /[a-z]|-/.test(word);
