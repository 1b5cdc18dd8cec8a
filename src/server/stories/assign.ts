// Which story a new item joins, among the stories of the window around it, or
// none (it starts its own). Pure: the caller reads the window and writes the
// answer. An item links to a member, in order of strength, by:
//   1. the same article: one URL key (canonical-url.ts);
//   2. a near-copy of one text: simhashes within STORY_NEAR_DUPLICATE_BITS;
//   3. the same event: an entity in common (a mission, vehicle, agency, object,
//      launch or flight designator), the same kind of event reported (events.ts)
//      and word similarity of at least STORY_MIN_SIMILARITY, or, when one of the
//      two names no kind of event, STORY_MIN_SIMILARITY_UNKNOWN_EVENT.
// A member that reports a different event, names another flight of the series
// ("Crew-11" beside "Crew-12") or is a round-up vetoes the story for the item.
// Among the stories the item may join, the same article beats a near-copy,
// which beats the same event; among same-event stories, the one with the most
// evidence (the sum of its close members' scores) wins.
// Always: published within STORY_MAX_GAP_HOURS of a member, the story no older
// than STORY_MAX_AGE_HOURS from its first to its last item with this one, no
// other item of the same source in it (one source never has two cards merged),
// and no member the item was split from ("Not the same story").
// The thresholds were chosen on the labelled pairs (test/fixtures/stories/).
import { hamming } from './simhash';
import { eventAgreement } from './events';
import { differentFlights, sharedEntities, similarity, type StoryFeatures } from './features';

export interface StoryThresholds {
  /** Most time between the item and the nearest member. */
  maxGapMs: number;
  /** Most time from a story's first item to its last. */
  maxAgeMs: number;
  /** Simhash bits two near-copies may differ in. */
  nearDuplicateBits: number;
  /** Least word similarity with a member, with an entity in common and the same kind of event reported. */
  minSimilarity: number;
  /** Least word similarity with a member when one of the two names no kind of event. */
  minSimilarityUnknownEvent: number;
  /**
   * Added to the similarity when both name one flight ("Crew-12") and report the
   * same kind of event. Not when the kinds cannot be compared: every report of a
   * mission names its flight, so the name alone is no evidence of one event.
   */
  designatorBonus: number;
}

export interface ClusterItem {
  id: number;
  sourceId: number;
  publishedAt: number;
  features: StoryFeatures;
}

export interface WindowMember extends ClusterItem {
  storyId: number;
}

export type Match = { storyId: number; reason: 'url' | 'copy' | 'event'; score: number };

const STRENGTH = { url: 3, copy: 2, event: 1 } as const;

/** The same article (url) or a near-copy (copy) of a member's text, else null. */
function sameText(a: StoryFeatures, b: StoryFeatures, t: StoryThresholds): Match['reason'] | null {
  if (a.urlKey !== null && a.urlKey === b.urlKey) return 'url';
  if (a.norm > 0 && hamming(a.simhash, b.simhash) <= t.nearDuplicateBits) return 'copy';
  return null;
}

/** How strongly the two report one event (0: not enough), for two items that share an entity and do not veto. */
function eventScore(
  a: StoryFeatures,
  b: StoryFeatures,
  agreement: 0 | 1,
  designators: number,
  t: StoryThresholds,
) {
  const score = similarity(a, b) + (designators > 0 && agreement > 0 ? t.designatorBonus : 0);
  return score >= (agreement > 0 ? t.minSimilarity : t.minSimilarityUnknownEvent) ? score : 0;
}

/**
 * How `item` belongs with one story's members, or null: the same article or a
 * near-copy of a member's text, else the same event. For the same event every
 * member that shares an entity with the item must agree (none vetoes) and one
 * at least must be close enough; the score is the sum over the members close
 * enough, so that a story several sites reported outweighs a lone item that
 * matches about as well (a second item of a site already in the story starts
 * such a lone story: later reports belong with the first).
 */
function storyMatch(
  item: ClusterItem,
  storyId: number,
  members: readonly WindowMember[],
  t: StoryThresholds,
): Match | null {
  let same: Match | null = null;
  for (const m of members) {
    const reason = sameText(item.features, m.features, t);
    if (reason && (!same || STRENGTH[reason] > STRENGTH[same.reason]))
      same = { storyId, reason, score: STRENGTH[reason] };
  }
  if (same) return same;
  // Vetoes first (a round-up, another flight of the series, another kind of event):
  // they are cheap, and one ends the story's chances.
  const a = item.features;
  if (a.event.roundup) return null;
  const agreeing: Array<{ member: WindowMember; agreement: 0 | 1; designators: number }> = [];
  for (const m of members) {
    const shared = sharedEntities(a, m.features);
    if (shared.all === 0) continue;
    const agreement = eventAgreement(a.event, m.features.event);
    if (agreement === -1 || m.features.event.roundup || differentFlights(a, m.features))
      return null;
    agreeing.push({ member: m, agreement, designators: shared.designators });
  }
  let support = 0;
  for (const { member, agreement, designators } of agreeing)
    support += eventScore(a, member.features, agreement, designators, t);
  return support > 0 ? { storyId, reason: 'event', score: support } : null;
}

const better = (a: Match, b: Match | null) =>
  !b || STRENGTH[a.reason] > STRENGTH[b.reason] || (a.reason === b.reason && a.score > b.score);

/** Whether `member` can bear on `item` at all: an entity in common, the same URL, or a near-copy. */
function related(item: StoryFeatures, member: StoryFeatures, t: StoryThresholds): boolean {
  return (
    sharedEntities(item, member).all > 0 ||
    (item.urlKey !== null && item.urlKey === member.urlKey) ||
    (item.norm > 0 && hamming(item.simhash, member.simhash) <= t.nearDuplicateBits)
  );
}

/**
 * The story `item` joins, or null. `window` holds the items already clustered
 * near it in time (any order); `apart(a, b)` says two items were split apart.
 * Only stories with a member related to the item are looked at (one cheap pass
 * over the window: bit masks and integers), then all of their members.
 */
export function chooseStory(
  item: ClusterItem,
  window: readonly WindowMember[],
  t: StoryThresholds,
  apart: (a: number, b: number) => boolean = () => false,
): Match | null {
  const candidates = new Set<number>();
  for (const m of window)
    if (m.id !== item.id && !candidates.has(m.storyId) && related(item.features, m.features, t))
      candidates.add(m.storyId);
  if (candidates.size === 0) return null;
  const stories = new Map<number, WindowMember[]>();
  for (const m of window) {
    if (m.id === item.id || !candidates.has(m.storyId)) continue;
    const list = stories.get(m.storyId);
    if (list) list.push(m);
    else stories.set(m.storyId, [m]);
  }
  let best: Match | null = null;
  for (const [storyId, members] of stories) {
    let first = item.publishedAt;
    let last = item.publishedAt;
    let nearest = Infinity;
    let allowed = true;
    for (const m of members) {
      if (m.sourceId === item.sourceId || apart(item.id, m.id)) {
        allowed = false;
        break;
      }
      first = Math.min(first, m.publishedAt);
      last = Math.max(last, m.publishedAt);
      nearest = Math.min(nearest, Math.abs(m.publishedAt - item.publishedAt));
    }
    if (!allowed || nearest > t.maxGapMs || last - first > t.maxAgeMs) continue;
    const match = storyMatch(item, storyId, members, t);
    if (match && better(match, best)) best = match;
  }
  return best;
}
