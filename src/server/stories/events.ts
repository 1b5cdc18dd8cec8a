// What kind of event a headline reports, from the space-news vocabulary: a
// launch that happened or one still ahead, a docking, a landing, a test, a
// failure, a contract… Two reports of one mission are one story only when they
// report the same kind of event: "Artemis 2 launches", "Artemis 2 heads to the
// moon" and "Orion splashes down" share every name and are three stories.
// Also: round-ups ("Launch Preview:", "This Week In Spaceflight") cover many
// stories and join none.
//
// Phrases are matched on the plain, lower-cased words of the headline (and of the
// summary's first sentence when the headline names no event), as whole words.

export type EventKind =
  | 'launch'
  | 'launch-failed'
  | 'scrub'
  | 'docking'
  | 'undocking'
  | 'landing'
  | 'return'
  | 'flyby'
  | 'orbit-burn'
  | 'test'
  | 'contract'
  | 'money'
  | 'policy'
  | 'schedule'
  | 'advisory';

const PHRASES: Record<EventKind, string[]> = {
  launch: [
    'launch',
    'launches',
    'launched',
    'launching',
    'liftoff',
    'lifts off',
    'lifted off',
    'blasts off',
    'blasted off',
    'rockets into',
    'delivers',
    'into orbit',
    'reaches orbit',
    'return to flight',
    'returns to flight',
    'mission begins',
    'journey begins',
    'takes flight',
    'took flight',
    'countdown',
    'launch window',
  ],
  'launch-failed': ['fails', 'failed', 'failure', 'lost', 'explodes', 'exploded', 'anomaly'],
  scrub: ['scrub', 'scrubs', 'scrubbed', 'abort', 'aborts', 'stand down', 'stands down'],
  docking: ['docks', 'docked', 'docking', 'arrives at station', 'arrives on station', 'berthed'],
  undocking: ['undocks', 'undocking', 'departs', 'departure', 'leaves station'],
  landing: ['lands', 'landed', 'landing', 'touchdown', 'touches down'],
  return: [
    'splashdown',
    'splashes down',
    'splashed down',
    'returns to earth',
    'return to earth',
    'back on earth',
    'back to earth',
    'earth return',
    'reentry',
    're-entry',
    'homecoming',
  ],
  flyby: ['flyby', 'fly-by', 'flies around', 'swings around', 'fly around', 'flight around'],
  'orbit-burn': [
    'tli',
    'translunar',
    'trans-lunar',
    'leaves earth orbit',
    'heads to the moon',
    'bound for the moon',
    'sets course for',
    'set course for',
    'orbit raising',
    'reboost',
  ],
  test: [
    'static fire',
    'static-fire',
    'test fire',
    'test-fire',
    'hot fire',
    'frf',
    'flight readiness firing',
    'wet dress',
    'wdr',
    'fueling test',
    'rehearsal',
  ],
  contract: ['contract', 'selects', 'selected', 'awards', 'awarded', 'wins', 'picks', 'taps'],
  money: ['raises', 'funding', 'ipo', 'earnings', 'quarterly', 'revenue', 'profit', 'acquisition'],
  policy: ['budget', 'bill', 'hearing', 'senate', 'congress', 'inspector general', 'oig'],
  schedule: ['targeting', 'target date', 'delayed', 'delays', 'slips', 'postponed', 'pushed back'],
  advisory: [
    'sets coverage',
    'invites media',
    'media accreditation',
    'to provide coverage',
    'media teleconference',
  ],
};

export const isEventKind = (s: string): s is EventKind => Object.hasOwn(PHRASES, s);

// Words that put the event ahead: "SpaceX to launch", "ready for splashdown tomorrow".
const AHEAD = [
  'will',
  'to launch',
  'to attempt',
  'to conduct',
  'to fly',
  'to deliver',
  'to return',
  'to dock',
  'to land',
  'set to',
  'set for',
  'ready for',
  'ready to',
  'getting ready',
  'prepares',
  'preparing',
  'prepare',
  'ahead of',
  'tomorrow',
  'tonight',
  'closing in',
  'countdown',
  'awaiting',
  'poised',
  'targeting',
  'targets',
  'target date',
  'plans',
  'planned',
  'upcoming',
  'expects',
  'expected',
  'on track',
  'gears up',
  'live coverage',
  'going for',
  'confident',
  'eyes',
  'aims',
  'nears',
  'nearing',
  'still looking good',
  'launching in',
  'launching next',
  'launching this',
  'launching tonight',
  'launching tomorrow',
  'readies',
  'readying',
];

const ROUNDUP = [
  'launch preview',
  'launch roundup',
  'this week in spaceflight',
  'rocket report',
  'week in images',
  'what s happening in space policy',
  'space policy events',
];

// Kinds that may be told together: a launch report mentions the orbit it reached,
// a delay is news about a launch still ahead, a test ahead of a launch, a launch
// that scrubbed and was tried again.
const COMPATIBLE: Array<[EventKind, EventKind]> = [
  ['launch', 'schedule'],
  ['launch', 'scrub'],
  ['launch', 'launch-failed'],
  ['return', 'landing'],
  ['undocking', 'return'],
  ['contract', 'money'],
  ['policy', 'money'],
  ['schedule', 'test'],
];
const KINDS = Object.keys(PHRASES) as EventKind[];
const bit = (kind: EventKind) => 1 << KINDS.indexOf(kind);
/** For each kind's bit: the bits of the kinds it may be told with (itself included). */
const COMPATIBLE_BITS = new Map<number, number>(KINDS.map((k) => [bit(k), bit(k)]));
for (const [a, b] of COMPATIBLE) {
  COMPATIBLE_BITS.set(bit(a), COMPATIBLE_BITS.get(bit(a))! | bit(b));
  COMPATIBLE_BITS.set(bit(b), COMPATIBLE_BITS.get(bit(b))! | bit(a));
}

// Names that hold an event word and report no event: "Space Launch System", "launch pad".
const NAMES =
  /\b(space launch system|launch (complex|pad|vehicle|services|site|provider|control|director|team|tower|operator|company|market|industry)s?|launchpad|mobile launcher|landing system|human landing system)\b/g;

/** The text's plain words, lower-cased, accents dropped, names without an event taken out. */
const plainWords = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, ' ')
    .replace(NAMES, ' ')
    .trim()
    .split(' ');

// Every phrase filed under its first word, with the bits it stands for: a text's
// phrases are then found in one pass over its words, a map lookup per word
// (searching the text for each of 200 phrases was most of what eventOf() cost at
// ingestion). A phrase matches whole words only; a name taken out above leaves an
// empty word, which no phrase spans.
const AHEAD_BIT = 1 << 30;
const ROUNDUP_BIT = 1 << 29;
const KIND_BITS = (1 << KINDS.length) - 1;
const BY_FIRST_WORD = new Map<string, Array<{ rest: string[]; bits: number }>>();
function file(phrases: readonly string[], bits: number) {
  for (const phrase of phrases) {
    const [first, ...rest] = phrase.split(' ');
    const filed = BY_FIRST_WORD.get(first) ?? [];
    filed.push({ rest, bits });
    BY_FIRST_WORD.set(first, filed);
  }
}
for (const kind of KINDS) file(PHRASES[kind], bit(kind));
file(AHEAD, AHEAD_BIT);
file(ROUNDUP, ROUNDUP_BIT);

/** The bits of every phrase the text holds. */
function phraseBits(text: string): number {
  const words = plainWords(text);
  let bits = 0;
  for (let i = 0; i < words.length; i++) {
    const filed = BY_FIRST_WORD.get(words[i]);
    if (!filed) continue;
    for (const phrase of filed)
      if (phrase.rest.every((word, k) => words[i + 1 + k] === word)) bits |= phrase.bits;
  }
  return bits;
}

export interface EventSignature {
  kinds: EventKind[];
  /** The kinds as bits (kindBits(kinds)): compared for every member in reach. */
  bits: number;
  /** The headline puts the event ahead ("to launch", "ready for", "tomorrow"). */
  ahead: boolean;
  roundup: boolean;
  /** The kinds were read in the lede, the headline naming none: weaker, they never veto. */
  fromLede: boolean;
}

/** The event kinds a headline reports (else its lede's first sentence), and whether it is a round-up. */
export function eventOf(title: string, summary: string): EventSignature {
  const head = phraseBits(title.slice(0, 300));
  let bits = head & KIND_BITS;
  let ahead = (head & AHEAD_BIT) !== 0;
  let fromLede = false;
  if (bits === 0) {
    const lede = phraseBits(summary.slice(0, 300).split(/(?<=[.!?])\s/, 1)[0] ?? '');
    bits = lede & KIND_BITS;
    ahead ||= (lede & AHEAD_BIT) !== 0;
    fromLede = bits !== 0;
  }
  const kinds = KINDS.filter((kind) => (bits & bit(kind)) !== 0);
  return { kinds, bits, ahead, roundup: (head & ROUNDUP_BIT) !== 0, fromLede };
}

export const kindBits = (kinds: readonly EventKind[]) =>
  kinds.reduce((bits, kind) => bits | bit(kind), 0);

// Kinds that happen at a moment: a report before it and one after are two stories.
const MOMENTS = kindBits([
  'launch',
  'launch-failed',
  'scrub',
  'docking',
  'undocking',
  'landing',
  'return',
  'flyby',
  'orbit-burn',
  'test',
]);

/**
 * -1: different events, 1: the same kind of event, 0: cannot tell. A lede often
 * recalls what came before ("After a picture-perfect launch Wednesday, the crew
 * is on its way to the Moon"): a kind read there is no evidence of another event,
 * but the same kind told before and after it still is ("launch ahead" beside a
 * launch report).
 */
export function eventAgreement(a: EventSignature, b: EventSignature): -1 | 0 | 1 {
  if (a.bits === 0 || b.bits === 0) return 0;
  let sameKind = false;
  for (let x = a.bits; x !== 0; x &= x - 1) {
    const kind = x & -x;
    let together = COMPATIBLE_BITS.get(kind)! & b.bits;
    if (together === 0) continue;
    sameKind = true;
    // Before and after a launch (a docking, a test…) are two stories; a contract is a contract.
    if (a.ahead !== b.ahead && (kind & MOMENTS) !== 0) together &= ~MOMENTS;
    if (together !== 0) return 1;
  }
  return !sameKind && (a.fromLede || b.fromLede) ? 0 : -1;
}
