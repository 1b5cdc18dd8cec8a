// Turns Launch Library 2's agencies, programs, launcher and spacecraft
// configurations into vocabulary entities. The same function builds the
// shipped file (scripts/topic-vocabulary.ts, from the recorded LL2 objects) and
// the weekly refresh (refresh.ts, from the live API), so both read alike.
//
// LL2 names things for a launch database, not for prose: "BA" is Boeing, "SP"
// Space Pioneer, "GSAT" Globalstar (but GSAT is ISRO's satellite series in the
// news). Short abbreviations and misleading ones are dropped (ABBREVIATIONS_KEPT
// and NAMES_DROPPED below), rocket variants join their family ("Long March 2D"
// → Long March) except where the variants are different vehicles in the news
// (Falcon 9, Falcon Heavy), and a program and a rocket of one name are one
// topic (Soyuz).
import { z } from 'zod';
import { slugify, type EntityKind, type SpaceEntity } from './entities';

const named = z.object({ name: z.string().min(1).max(200) }).passthrough();

export const ll2AgencySchema = named.extend({
  abbrev: z.string().max(40).nullish(),
});
export const ll2ProgramSchema = named;
export const ll2LauncherSchema = named.extend({
  full_name: z.string().max(200).nullish(),
  family: z.string().max(200).nullish(),
  alias: z.string().max(200).nullish(),
});
export const ll2SpacecraftSchema = named;

export interface Ll2Objects {
  agencies: z.infer<typeof ll2AgencySchema>[];
  programs: z.infer<typeof ll2ProgramSchema>[];
  launcherConfigurations: z.infer<typeof ll2LauncherSchema>[];
  spacecraftConfigurations: z.infer<typeof ll2SpacecraftSchema>[];
}

/** Abbreviations of three letters or fewer that the news does use for the agency. */
const ABBREVIATIONS_KEPT = new Set(['ESA', 'CSA', 'ULA', 'NRO', 'SDA', 'DoD', 'RFA', 'ASI', 'SNC']);

/** LL2 names that mean something else in the news, or nothing. */
const NAMES_DROPPED = new Set([
  'GSAT', // ISRO's satellites, not Globalstar
  'TELE',
  'LMT',
  'RSC',
  'KhSC',
  'CCCP',
  'VSAT',
  'KTLST',
  'GST',
  'ISAR',
  'RFSA',
  'Amazon', // the company, not its constellation
  'Mir', // the space station, not the South Korean rocket
  'Vikram', // Chandrayaan's lander, not Skyroot's Vikram-I
  'Eris', // the dwarf planet, not Gilmour's Eris-1
  'Atlas', // bare "Atlas" is as often comet 3I/ATLAS; Atlas V stays
  'Falcon',
  'Mercury', // the planet (curated) wins
  'Gemini',
  'Copernicus',
  'Galileo',
  'Apollo Lunar Module',
  'Russian Federal Space Agency (ROSCOSMOS)',
  'Proton / UR-500',
  'Kii-based Advanced & Instant ROcket System',
  'South Korean ADD Solid-Fuel SLV',
  'Peacekeeper SLV',
  'United States Departement of Defense',
  'Vega', // the star; the rocket is Vega-C
  'Antares', // the star as often as the rocket; Antares 330 stays
  'Ariane', // Ariane 5 and 6 are different rockets
]);

/** Families whose members are different vehicles in the news. */
const SPLIT_FAMILIES = new Set(['Falcon']);

/** LL2 names that take another display name or slug, or more aliases. */
const RENAMED: Record<string, { name?: string; aliases?: string[] }> = {
  'SpaceX Starship': { name: 'Starship' },
  'Russian Federal Space Agency (ROSCOSMOS)': { name: 'Roscosmos', aliases: ['Roscosmos'] },
  'Space Launch System': { aliases: ['SLS'] },
  'International Space Station': { aliases: ['ISS'] },
  'National Aeronautics and Space Administration': { name: 'NASA' },
  'European Space Agency': { name: 'ESA' },
  'Japan Aerospace Exploration Agency': { name: 'JAXA' },
  'Indian Space Research Organization': {
    name: 'ISRO',
    aliases: ['Indian Space Research Organisation'],
  },
  'China National Space Administration': { name: 'CNSA' },
  'National Oceanic and Atmospheric Administration': { name: 'NOAA' },
  'Northrop Grumman Space Systems': { name: 'Northrop Grumman', aliases: ['Northrop Grumman'] },
  Ariane: { name: 'Ariane 6', aliases: ['Ariane 6'] },
  'Tiangong space station': { name: 'Tiangong', aliases: ['Tiangong', 'Chinese space station'] },
  'Global Positioning System': { name: 'GPS', aliases: ['GPS'] },
  'Amazon Leo': { aliases: ['Project Kuiper', 'Kuiper'] },
  'Proton / UR-500': { name: 'Proton', aliases: ['Proton', 'Proton-M'] },
  'United States Departement of Defense': {
    name: 'Department of Defense',
    aliases: ['Department of Defense', 'Pentagon'],
  },
  'Firefly Aerospace': { aliases: ['Firefly'] },
  'Crew Dragon 2': { name: 'Dragon', aliases: ['Crew Dragon', 'Cargo Dragon', 'Dragon'] },
  'Soyuz MS': { name: 'Soyuz' },
  'Progress-MS': { name: 'Progress MS' },
  'LVM-3 (GSLV Mk III)': { aliases: ['LVM3', 'LVM-3'] },
  Gaganyaan: { aliases: ['Gaganyaan'] },
  Starship: { aliases: ['Super Heavy'] },
  'Commercial Resupply Services': { aliases: ['CRS'] },
  'Commercial Crew Program': { aliases: ['Commercial Crew'] },
  Atlas: { name: 'Atlas V', aliases: ['Atlas V', 'Atlas 5'] },
  Vega: { name: 'Vega-C' },
  Eris: { name: 'Eris-1' },
  Vikram: { name: 'Vikram-I' },
  Antares: { name: 'Antares rocket', aliases: ['Antares 330'] },
};

interface Draft {
  name: string;
  kind: EntityKind;
  aliases: Set<string>;
}

function addAlias(draft: Draft, alias: string | null | undefined): void {
  const value = alias?.trim();
  if (!value || NAMES_DROPPED.has(value)) return;
  // "Space Launch System (SLS)": the name and the bracketed abbreviation.
  const bracketed = /^([^()]+)\(([^()]+)\)\s*$/.exec(value);
  if (bracketed) {
    addAlias(draft, bracketed[1]);
    addAlias(draft, bracketed[2]);
    return;
  }
  draft.aliases.add(value);
}

function isUsableAbbreviation(abbrev: string): boolean {
  if (NAMES_DROPPED.has(abbrev)) return false;
  return abbrev.length > 3 || ABBREVIATIONS_KEPT.has(abbrev);
}

export function entitiesFromLl2(objects: Ll2Objects): SpaceEntity[] {
  const drafts = new Map<string, Draft>();
  const draftFor = (name: string, kind: EntityKind): Draft => {
    const renamed = RENAMED[name];
    const display = renamed?.name ?? name;
    const slug = slugify(display);
    let draft = drafts.get(slug);
    if (!draft) {
      draft = { name: display, kind, aliases: new Set() };
      drafts.set(slug, draft);
    }
    if (!NAMES_DROPPED.has(name)) addAlias(draft, name);
    addAlias(draft, display);
    for (const alias of renamed?.aliases ?? []) draft.aliases.add(alias);
    return draft;
  };

  for (const agency of objects.agencies) {
    const draft = draftFor(agency.name, 'agency');
    if (agency.abbrev && isUsableAbbreviation(agency.abbrev)) addAlias(draft, agency.abbrev);
  }
  for (const program of objects.programs) draftFor(program.name, 'program');
  for (const launcher of objects.launcherConfigurations) {
    const family = launcher.family?.trim();
    const grouped = family && !SPLIT_FAMILIES.has(family) ? family : launcher.name;
    const draft = draftFor(grouped, 'vehicle');
    addAlias(draft, launcher.name);
    addAlias(draft, launcher.full_name);
    if (launcher.alias) addAlias(draft, launcher.alias);
  }
  for (const spacecraft of objects.spacecraftConfigurations)
    draftFor(spacecraft.name, 'spacecraft');

  // A name belongs to the entity it names: "OneWeb" is the constellation, not
  // also an alias of the company Eutelsat OneWeb.
  const owner = new Map([...drafts.entries()].map(([slug, draft]) => [draft.name, slug]));
  for (const [slug, draft] of drafts) {
    for (const alias of draft.aliases) {
      const ownerSlug = owner.get(alias);
      if (ownerSlug !== undefined && ownerSlug !== slug) draft.aliases.delete(alias);
    }
  }

  return [...drafts.entries()]
    .filter(([, draft]) => draft.aliases.size > 0)
    .map(([slug, draft]) => ({
      slug,
      name: draft.name,
      kind: draft.kind,
      aliases: [...draft.aliases].toSorted(),
      origin: 'll2' as const,
    }));
}
