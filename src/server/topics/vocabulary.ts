// The vocabulary in use: the curated list plus the LL2 entities (the shipped
// file, or the weekly refresh's copy from the database once loaded), and the
// matcher built over it. This is the topics module's small, stable API for the
// other modules (launch linking, same-event detection, alerts):
//   matchEntities(text) → EntityMatch[]   every mention, in text order
//   topicsIn(text)      → TopicRef[]      the distinct topics, implied ones included
//   entityBySlug(slug)  → SpaceEntity | undefined
//   allEntities()       → readonly SpaceEntity[]
import { CURATED, STOP_PHRASES } from './curated';
import { slugify, type SpaceEntity } from './entities';
import { SHIPPED_LL2_ENTITIES } from './ll2-vocabulary';
import { EntityMatcher, type EntityMatch } from './matcher';

export type { EntityMatch, SpaceEntity };
export { ENTITY_KINDS, type EntityKind } from './entities';

export interface TopicRef {
  slug: string;
  name: string;
}

export function curatedEntities(): SpaceEntity[] {
  return CURATED.map(([name, kind, aliases, implies]) => ({
    slug: slugify(name),
    name,
    kind,
    aliases: [name, ...aliases],
    ...(implies ? { implies } : {}),
    origin: 'curated' as const,
  }));
}

/**
 * Curated entries first; an LL2 entity of a curated slug is dropped, and an
 * alias the curated list claims is taken off LL2 entities (an LL2 entity left
 * with no alias goes), so each name tags exactly one topic.
 */
export function buildVocabulary(ll2: readonly SpaceEntity[]): SpaceEntity[] {
  const curated = curatedEntities();
  const slugs = new Set(curated.map((e) => e.slug));
  const claimed = new Set(curated.flatMap((e) => e.aliases.map((a) => a.toLowerCase())));
  const merged = [...curated];
  for (const entity of ll2) {
    if (slugs.has(entity.slug)) continue;
    const aliases = entity.aliases.filter((a) => !claimed.has(a.toLowerCase()));
    if (aliases.length === 0) continue;
    slugs.add(entity.slug);
    merged.push({ ...entity, aliases });
  }
  return merged;
}

interface Loaded {
  entities: SpaceEntity[];
  bySlug: Map<string, SpaceEntity>;
  matcher: EntityMatcher;
}

function load(ll2: readonly SpaceEntity[]): Loaded {
  const entities = buildVocabulary(ll2);
  return {
    entities,
    bySlug: new Map(entities.map((e) => [e.slug, e])),
    matcher: new EntityMatcher(entities, STOP_PHRASES),
  };
}

let current = load(SHIPPED_LL2_ENTITIES);

/** Swaps in LL2 entities (the weekly refresh's); the curated list always stays. */
export function useLl2Entities(ll2: readonly SpaceEntity[]): void {
  current = load(ll2.length > 0 ? ll2 : SHIPPED_LL2_ENTITIES);
}

export function matchEntities(text: string): EntityMatch[] {
  return current.matcher.match(text);
}

export function entityBySlug(slug: string): SpaceEntity | undefined {
  return current.bySlug.get(slug);
}

export function allEntities(): readonly SpaceEntity[] {
  return current.entities;
}

/** The distinct topics a text mentions, first mention first, then what they imply. */
export function topicsIn(text: string): TopicRef[] {
  const seen = new Map<string, TopicRef>();
  for (const match of matchEntities(text)) {
    if (seen.has(match.slug)) continue;
    seen.set(match.slug, { slug: match.slug, name: match.name });
  }
  // Keys added here are visited too: what an implied topic implies is tagged as well.
  for (const slug of seen.keys()) {
    for (const implied of current.bySlug.get(slug)?.implies ?? []) {
      const entity = current.bySlug.get(implied);
      if (entity && !seen.has(implied)) seen.set(implied, { slug: implied, name: entity.name });
    }
  }
  return [...seen.values()];
}
