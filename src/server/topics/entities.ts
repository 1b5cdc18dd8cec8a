// The space vocabulary's shape: one entity per topic (a slug, a display name,
// a kind and the names it goes by). Shared by tagging (topics/), story ↔ launch
// linking (launches/) and same-event detection (stories/): keep it small.

export const ENTITY_KINDS = [
  'mission',
  'agency',
  'vehicle',
  'spacecraft',
  'program',
  'telescope',
  'planet',
  'moon',
  'comet',
  'object',
] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

export interface SpaceEntity {
  slug: string;
  name: string;
  kind: EntityKind;
  /** Every name it goes by, the display name included. Case matters (see matcher.ts). */
  aliases: string[];
  /** Broader topics a mention also tags ("Artemis II" → "artemis"). */
  implies?: string[];
  /** Where the entry comes from: Launch Library 2, or the curated list. */
  origin: 'll2' | 'curated';
}

/** "Long March 2F/G" → "long-march-2f-g"; "Chang'e 6" → "chang-e-6". */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
