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

/** Evidence beyond the words: the same flight named ("Crew-12"). */
const DESIGNATOR_BONUS = 0.1;

type Link = { reason: 'url' | 'copy' | 'event'; score: number; veto: boolean };

const NO_LINK: Link = { reason: 'event', score: 0, veto: false };

/** How strongly `item` belongs with `member`; the cheap tests first (this runs for every member in reach). */
function link(item: ClusterItem, member: ClusterItem, t: StoryThresholds): Link {
  const a = item.features;
  const b = member.features;
  if (a.urlKey !== null && a.urlKey === b.urlKey) return { reason: 'url', score: 3, veto: false };
  if (a.norm > 0 && hamming(a.simhash, b.simhash) <= t.nearDuplicateBits)
    return { reason: 'copy', score: 2, veto: false };
  const shared = sharedEntities(a, b);
  if (shared.all === 0) return NO_LINK;
  if (a.event.roundup || b.event.roundup || differentFlights(a, b))
    return { reason: 'event', score: 0, veto: true };
  const agreement = eventAgreement(a.event, b.event);
  if (agreement < 0) return { reason: 'event', score: 0, veto: true };
  const score = similarity(a, b) + (shared.designators > 0 ? DESIGNATOR_BONUS : 0);
  const needed = agreement > 0 ? t.minSimilarity : t.minSimilarityUnknownEvent;
  return { reason: 'event', score: score >= needed ? score : 0, veto: false };
}

/**
 * The story `item` joins, or null. `window` holds the items already clustered
 * near it in time (any order); `apart(a, b)` says two items were split apart.
 */
export function chooseStory(
  item: ClusterItem,
  window: readonly WindowMember[],
  t: StoryThresholds,
  apart: (a: number, b: number) => boolean = () => false,
): Match | null {
  const stories = new Map<number, WindowMember[]>();
  for (const m of window) {
    if (m.id === item.id) continue;
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

    let strongest: Match | null = null;
    let top = 0;
    let vetoed = false;
    for (const m of members) {
      const l = link(item, m, t);
      if (l.reason !== 'event') {
        if (!strongest || l.score > strongest.score)
          strongest = { storyId, reason: l.reason, score: l.score };
      } else if (l.veto) vetoed = true;
      else top = Math.max(top, l.score);
    }
    const match: Match | null =
      strongest ?? (!vetoed && top > 0 ? { storyId, reason: 'event', score: top } : null);
    if (match && (!best || match.score > best.score)) best = match;
  }
  return best;
}
