// Which launches a story is about, by names alone (the explicit ids a source
// may carry are the link step's): each launch within NET ± 3 days of the story
// offers names — its mission (the strong one: "Crew-12", "Starlink 10-62",
// "Artemis II"), its vehicle ("Falcon 9", "Ariane 6"), its provider, its
// programmes, its ship and its launch site — and the story's title and summary
// are searched for them with the vocabulary's matcher (names.ts). A mission
// named links; without one, a story that names a vehicle or a provider links
// to the one launch it fits best when that launch stands out, and a week's
// launch roundup links to every launch ahead it names. Pure and fast: one
// matcher per set of launches, one scan per story.
import {
  fold,
  nameOf,
  nameScanner,
  romanToArabic,
  vocabularyNames,
  wordsOf,
  type Name,
  type NameScanner,
} from './names';
import { fitsTimes, storyTimes } from './story-times';

export const LINK_WINDOW_MS = 3 * 24 * 3_600_000;

export interface LaunchNames {
  id: string;
  /** NET, epoch ms. */
  net: number;
  missions: Name[];
  /** A mission's leading word ("Progress", "Cygnus", "Transporter"), and its ship ("Dragon"). */
  heads: Name[];
  vehicles: Name[];
  /** The vehicle's family, and the vocabulary's other names for it ("Atlas 5"). */
  families: Name[];
  providers: Name[];
  programs: Name[];
  places: Name[];
}

export interface LaunchFacts {
  id: string;
  net: number;
  name: string;
  mission: string | null;
  vehicle: string | null;
  vehicleName: string | null;
  vehicleFamily: string | null;
  provider: string | null;
  providerAbbrev: string | null;
  programs: readonly string[];
  location: string | null;
}

/** Words that say nothing about which launch: a mission called only these is not a name. */
const GENERIC = new Set(
  (
    'unknown payload payloads demo flight flights maiden test mission missions satellite satellites ' +
    'mass simulator launch group block the of a an and for to dedicated sso rideshare rideshares ' +
    'prototype orbital suborbital booster vehicle flt'
  ).split(' '),
);

const isNumber = (w: string) => /^\p{N}+$/u.test(w);
const distinctive = (name: Name) => wordsOf(name).some((w) => !GENERIC.has(w) && !isNumber(w));

function uniqueNames(phrases: Iterable<string | null | undefined>): Name[] {
  const seen = new Map<string, Name>();
  for (const p of phrases) {
    const name = p ? nameOf(p) : null;
    if (name && !seen.has(name.key)) seen.set(name.key, name);
  }
  return [...seen.values()];
}

/** A phrase, and its parts in and out of brackets: "Amazon Leo (LE-01)" → both. */
function parts(phrase: string): string[] {
  const inner = [...phrase.matchAll(/\(([^()]{1,80})\)/g)].map((m) => m[1]);
  const outer = phrase
    .replace(/\([^()]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [phrase, outer, ...inner].flatMap((p) => p.split(/\s+&\s+/)).filter(Boolean);
}

/** "Artemis II" also as "Artemis 2". */
function withArabic(phrase: string): string[] {
  const words = phrase.split(' ');
  const last = romanToArabic(words.at(-1)?.toLowerCase() ?? '');
  return last && words.length > 1 ? [phrase, [...words.slice(0, -1), last].join(' ')] : [phrase];
}

const missionOf = (launch: LaunchFacts) => launch.mission ?? launch.name.split(' | ')[1] ?? null;

function missionNames(launch: LaunchFacts): Name[] {
  const mission = missionOf(launch);
  if (!mission) return [];
  const phrases: string[] = [];
  for (const part of parts(mission)) {
    const starlink = /^Starlink Group (\S+)$/i.exec(part);
    if (starlink) phrases.push(`Starlink ${starlink[1]}`, `Starlink Group ${starlink[1]}`);
    // NASA's resupply flights go by their own number: "Dragon CRS-2 SpX-34" is "CRS-34".
    const resupply = /\bCRS-2 (SpX|NG)-(\d+)/i.exec(part);
    if (resupply) phrases.push(`CRS-${resupply[2]}`, `${resupply[1]}-${resupply[2]}`);
    phrases.push(...withArabic(part));
  }
  const names = uniqueNames(phrases);
  // "Flight 3" names nothing alone; "Kairos Flight 3", "Starship Flight 12" do.
  const vehicles = [launch.vehicleName, launch.vehicle, launch.vehicleFamily].filter(
    (v): v is string => !!v,
  );
  const numbered = names.filter((n) => !distinctive(n) && wordsOf(n).some(isNumber));
  const composite = uniqueNames(
    numbered.flatMap((n) => vehicles.map((v) => `${v} ${wordsOf(n).join(' ')}`)),
  );
  return [...names.filter(distinctive), ...composite];
}

/** The mission's leading word, and the crew or cargo ship a mission flies ("Dragon"). */
function headPhrases(launch: LaunchFacts): string[] {
  const mission = missionOf(launch) ?? '';
  const heads = parts(mission)
    .map((p) => p.split(/[\s-]/)[0])
    .filter((w) => w.length >= 3 && !GENERIC.has(w.toLowerCase()) && !/\d/.test(w));
  if (/spacex/i.test(launch.provider ?? '') && /\b(Crew-|CRS|Dragon|Axiom|Ax-)/i.test(mission))
    heads.push('Dragon', 'Crew Dragon');
  if (/^Artemis\b/i.test(mission)) heads.push('Orion');
  return heads;
}

/** The vehicle as stories write it: "Falcon 9 Block 5" → "Falcon 9"; "Vulcan VC4S" → "Vulcan". */
function vehiclePhrases(launch: LaunchFacts): string[] {
  const named = launch.name.includes(' | ') ? launch.name.split(' | ')[0] : null;
  const out: string[] = [];
  for (const v of [launch.vehicle, launch.vehicleName, named]) {
    if (!v) continue;
    for (const part of parts(v)) {
      const base = part.split('/')[0].trim();
      out.push(part, base, base.replace(/\s+Block\s+\S+$/i, ''));
      // Variants after the name: "Atlas V 551" → "Atlas V", "Vulcan VC4S" → "Vulcan", "H3-24" → "H3".
      out.push(base.replace(/[\s-]+(?=[^\s-]*\d)[A-Z]*\d+[A-Z+]*$/, ''));
      out.push(base.replace(/\s+Mk\.?\s+\S+$/i, '').replace(/[-\s]XL$/, ''));
      // Ariane 62 and 64 are both "Ariane 6" (their boosters are the number's second digit).
      if (/^Ariane 6\d$/.test(base)) out.push('Ariane 6');
    }
  }
  return out.filter((s) => s.length > 1);
}

const PROVIDER_SUFFIX =
  /\s+(Aerospace|Space Technologies|Technologies|Ltd\.?|Co\.? Ltd\.?|Corporation|S\.p\.A\.?|Inc\.?|Space Systems|Innovation Systems)$/i;

function providerPhrases(launch: LaunchFacts): string[] {
  const out: string[] = [];
  for (const part of parts(launch.provider ?? ''))
    out.push(part, part.replace(PROVIDER_SUFFIX, ''));
  const abbrev = launch.providerAbbrev;
  if (abbrev && /^[A-Z]{3,5}$/.test(abbrev)) out.push(abbrev);
  return out;
}

const STATES: Record<string, string> = {
  CA: 'California',
  FL: 'Florida',
  TX: 'Texas',
  VA: 'Virginia',
  AK: 'Alaska',
};
const SITE_SUFFIX =
  /\s+(SFS|SFB|AFB|AFS|Space Force Station|Space Force Base|Space Cent(er|re)|Cosmodrome|Satellite Launch Cent(er|re)|Space Launch Site|Spaceport|Flight Facility|Island|Peninsula)$/i;

function placePhrases(location: string | null): string[] {
  const out: string[] = [];
  for (const raw of (location ?? '').split(',')) {
    const part = raw.trim();
    if (STATES[part]) out.push(STATES[part]);
    else if (part && part !== 'USA') {
      const site = part
        .replace(SITE_SUFFIX, '')
        .replace(/^(Republic of|People's Republic of)\s+/i, '');
      if (!/Launch Complex/i.test(site)) out.push(site);
      if (/Russian Federation/i.test(part)) out.push('Russia');
      if (/China/i.test(part)) out.push('China');
    }
  }
  return out;
}

/** The vocabulary's names for the entities of the given kinds that these phrases name. */
const vocabulary = (phrases: Array<string | null>, kinds: readonly string[]) =>
  phrases
    .filter((p): p is string => !!p)
    .flatMap((p) => vocabularyNames(p))
    .filter((e) => kinds.includes(e.kind))
    .flatMap((e) => e.aliases);

/** The names a launch goes by, worked out once per launch. */
export function launchNames(launch: LaunchFacts): LaunchNames {
  const vehicles = uniqueNames(vehiclePhrases(launch));
  const specific = new Set(vehicles.map((n) => n.key));
  const vehicleWords = [launch.vehicle, launch.vehicleName, launch.vehicleFamily];
  return {
    id: launch.id,
    net: launch.net,
    missions: missionNames(launch),
    heads: uniqueNames(headPhrases(launch)),
    vehicles,
    families: uniqueNames([
      launch.vehicleFamily && launch.vehicleFamily.length > 2 ? launch.vehicleFamily : null,
      ...vocabulary(vehicleWords, ['vehicle']),
    ]).filter((n) => !specific.has(n.key)),
    providers: uniqueNames([
      ...providerPhrases(launch),
      ...vocabulary([launch.provider], ['agency']),
    ]),
    programs: uniqueNames([...launch.programs, ...vocabulary([...launch.programs], ['program'])]),
    places: uniqueNames(placePhrases(launch.location)),
  };
}

export interface StoryText {
  title: string;
  summary: string;
  /** Epoch ms. */
  publishedAt: number;
}

type Kind = 'mission' | 'vehicle' | 'family' | 'provider' | 'program' | 'place';

interface Evidence {
  launch: LaunchNames;
  mission: boolean;
  vehicle: boolean;
  family: boolean;
  provider: boolean;
  program: boolean;
  place: boolean;
  /** The vehicles, programmes and ships of this launch the story names. */
  named: Set<string>;
  score: number;
}

interface Entry {
  launch: number;
  kind: Kind;
}

/** A set of launches ready for many stories: one matcher over all their names. */
export interface LinkCandidates {
  launches: readonly LaunchNames[];
  scanner: NameScanner;
  byKey: Map<string, Entry[]>;
  /** How many launches go by each mission name: one shared ("Amazon Leo", "Flight 1") tells none apart. */
  missionShare: Map<string, number>;
  /** Each launch's own vehicle, programme and ship names. */
  own: Array<Set<string>>;
}

export function linkCandidates(launches: readonly LaunchNames[]): LinkCandidates {
  const byKey = new Map<string, Entry[]>();
  const missionShare = new Map<string, number>();
  const own: Array<Set<string>> = [];
  const all: Name[] = [];
  launches.forEach((launch, i) => {
    const file = (kind: Kind, names: readonly Name[]) => {
      for (const name of names) {
        all.push(name);
        const list = byKey.get(name.key);
        if (list) list.push({ launch: i, kind });
        else byKey.set(name.key, [{ launch: i, kind }]);
      }
    };
    file('mission', launch.missions);
    file('vehicle', launch.vehicles);
    file('family', launch.families);
    file('provider', launch.providers);
    file('program', launch.programs);
    file('program', launch.heads);
    file('place', launch.places);
    for (const m of launch.missions) missionShare.set(m.key, (missionShare.get(m.key) ?? 0) + 1);
    own.push(
      new Set(
        [...launch.vehicles, ...launch.families, ...launch.programs, ...launch.heads].map(
          (n) => n.key,
        ),
      ),
    );
  });
  return { launches, scanner: nameScanner(all), byKey, missionShare, own };
}

const HOUR = 3_600_000;
const TITLE_CAP = 500;
const ROUNDUP =
  /\b(launch (preview|roundup|schedule)|launches this week|week'?s launches|launch manifest)\b/i;
/** Words of a story about a launch itself (not a company's business, a mission's science). */
const LAUNCH_WORDS =
  /\b(launch(es|ed|ing)?|lift(s|ed)? ?off|liftoff|blast(s|ed)? off|scrub(s|bed)?|countdown|static fire|rolls? out|rollout|webcast|to orbit|into orbit|deploy(s|ed)?|dock(s|ed|ing)?)\b/i;
/** A launch still to come… */
const AHEAD =
  /\b(to launch|will launch|set to|set for|planning|plans to|targeting|targets|live coverage|preview|countdown|ahead of|prepares?|ready to|static fire|scheduled|delayed|scrub(s|bed)?)\b/i;
/** …or one that flew. */
const FLOWN =
  /\b(launched|lifts off|lifted off|launch(es)? (successfully|succeeds|fails)|success(ful(ly)?)?|fail(s|ed|ure)|reach(es|ed) orbit|deployed|docks?|docked|arrives?|after launch)\b/i;

/** What the story names of each launch (only launches it names something of). */
function evidenceOf(candidates: LinkCandidates, keys: Set<string>): Map<number, Evidence> {
  const found = new Map<number, Evidence>();
  for (const key of keys) {
    for (const entry of candidates.byKey.get(key) ?? []) {
      if (entry.kind === 'mission' && candidates.missionShare.get(key) !== 1) continue;
      let e = found.get(entry.launch);
      if (!e) {
        e = {
          launch: candidates.launches[entry.launch],
          mission: false,
          vehicle: false,
          family: false,
          provider: false,
          program: false,
          place: false,
          named: new Set(),
          score: 0,
        };
        found.set(entry.launch, e);
      }
      e[entry.kind] = true;
      if (entry.kind !== 'mission' && entry.kind !== 'provider' && entry.kind !== 'place')
        e.named.add(key);
    }
  }
  return found;
}

/**
 * The launches a story names. `candidates`: the launches within NET ± 3 days of
 * it, and any others nearby: a story that names one of those is about it, and
 * links to none of the others by vehicle or provider alone. Often none.
 */
const SUMMARY_CAP = 6000;

export function linkStory(story: StoryText, candidates: LinkCandidates): string[] {
  if (!Number.isFinite(story.publishedAt) || candidates.launches.length === 0) return [];
  // Names stand in a title and the start of a summary; reading more costs, and finds noise.
  // Cut before folding too: a 2 MB summary was folded whole, then cut (linking.fuzz.test.ts).
  const text = fold(
    `${story.title.slice(0, TITLE_CAP)}\n${story.summary.slice(0, SUMMARY_CAP)}`,
  ).slice(0, SUMMARY_CAP);
  const found = evidenceOf(candidates, candidates.scanner.scan(text));
  if (found.size === 0) return [];
  const inWindow = (c: LaunchNames) => Math.abs(c.net - story.publishedAt) <= LINK_WINDOW_MS;
  const tense = { ahead: AHEAD.test(text), flown: FLOWN.test(text) };
  const evidence = [...found.values()].filter((e) => inWindow(e.launch));
  for (const e of evidence) e.score = score(e, story.publishedAt, tense);
  const namesOneFarther = [...found.values()].some((e) => e.mission && !inWindow(e.launch));
  const missions = evidence.filter((e) => e.mission).map((e) => e.launch.id);

  if (ROUNDUP.test(story.title)) {
    // A week's roundup: the launches it names, and every launch ahead it names by
    // vehicle or programme ("SpaceX to launch three Starlink missions").
    const ahead = evidence.filter(
      (e) => (e.vehicle || e.family || e.program) && e.launch.net >= story.publishedAt - 24 * HOUR,
    );
    return [...new Set([...missions, ...ahead.map((e) => e.launch.id)])];
  }
  if (missions.length > 0 || namesOneFarther || !LAUNCH_WORDS.test(text)) return missions;

  const times = storyTimes(text, story.publishedAt);
  const fitting = evidence.filter(
    (e) =>
      (e.vehicle || (e.provider && (e.program || e.place)) || (e.program && e.place)) &&
      fitsTimes(e.launch.net, times),
  );
  if (fitting.length === 0) return [];
  const best = Math.max(...fitting.map((e) => e.score));
  const top = fitting.filter((e) => e.score === best);
  if (top.length !== 1) return [];
  // The story also names a vehicle, programme or ship this launch is no part of
  // (another launch's "Starship", "Commercial Resupply Services"): it may mean that one.
  const chosen = top[0].launch;
  const own = candidates.own[candidates.launches.indexOf(chosen)];
  for (const e of found.values())
    if (e.launch !== chosen && [...e.named].some((k) => !own.has(k))) return [];
  return [chosen.id];
}

/** How well a launch fits a story that names no mission: its names, then its time. */
function score(
  e: Evidence,
  publishedAt: number,
  { ahead, flown }: { ahead: boolean; flown: boolean },
): number {
  let s =
    (e.vehicle ? 3 : e.family ? 1.5 : 0) +
    (e.provider ? 2 : 0) +
    (e.program ? 2 : 0) +
    (e.place ? 1 : 0);
  const offset = e.launch.net - publishedAt;
  if (Math.abs(offset) <= 24 * HOUR) s += 1.5;
  else if (Math.abs(offset) <= 48 * HOUR) s += 0.5;
  if (ahead && !flown && offset < -2 * HOUR) s -= 3;
  if (flown && !ahead && offset > 6 * HOUR) s -= 3;
  return s;
}
