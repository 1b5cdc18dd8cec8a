// One Launch Library 2 launch, in any mode and version, read into the record
// AstroDash stores (a launch row) and everything else derives from: the feed
// item, the page, the history, the links. Pure, so it runs on a document
// worker thread, where the fetched schedule is parsed (ingest/documents.ts).
import { Launch, LaunchList, type Coded, type ImageRef, type LaunchLink } from './schema';

export interface WebcastRecord {
  url: string;
  title: string | null;
  live: boolean;
}

export interface UpdateRecord {
  id: number | null;
  comment: string;
  infoUrl: string | null;
  createdBy: string | null;
  createdOn: string | null;
}

export interface LaunchRecord {
  id: string;
  name: string;
  slug: string | null;
  /** LL2's own API URL for the launch. */
  apiUrl: string | null;
  lastUpdated: string | null;
  net: string | null;
  netPrecision: string | null;
  windowStart: string | null;
  windowEnd: string | null;
  statusId: number | null;
  status: string | null;
  statusAbbrev: string | null;
  failReason: string | null;
  holdReason: string | null;
  provider: string | null;
  providerAbbrev: string | null;
  /** The configuration's full name ("Falcon 9 Block 5"). */
  vehicle: string | null;
  /** Its short name, when LL2 gives one apart ("KAIROS", "Space Launch System (SLS)"). */
  vehicleName: string | null;
  vehicleFamily: string | null;
  mission: string | null;
  missionDescription: string | null;
  missionType: string | null;
  orbit: string | null;
  pad: string | null;
  location: string | null;
  programs: string[];
  imageUrl: string | null;
  webcastLive: boolean;
  /** null: the response did not carry the list (list or normal mode), so the stored one stands. */
  webcasts: WebcastRecord[] | null;
  infoUrls: string[] | null;
  updates: UpdateRecord[] | null;
}

/** Comments kept per launch, newest first: enough for any timeline a page shows. */
export const UPDATES_KEPT = 60;

/** An absolute http(s) URL, else null. */
export function httpUrl(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A URL from a 2.2.0 string or a 2.3.0 Image object ({image_url, thumbnail_url}). */
function imageOf(value: ImageRef | undefined): string | null {
  if (!value) return null;
  if (typeof value === 'string') return httpUrl(value);
  return httpUrl(value.image_url ?? value.thumbnail_url);
}

/** Links by priority (unprioritised ones after, in their order); null when absent. */
function linksOf(list: LaunchLink[] | undefined): WebcastRecord[] | null {
  if (!list) return null;
  return list
    .map((v, i) => {
      const link = typeof v === 'string' ? { url: v } : v;
      return {
        url: httpUrl(link.url),
        title: 'title' in link ? (link.title ?? null) : null,
        live: 'live' in link && link.live === true,
        priority: ('priority' in link ? link.priority : undefined) ?? 1000 + i,
      };
    })
    .filter((l): l is WebcastRecord & { priority: number } => l.url !== null)
    .toSorted((a, b) => a.priority - b.priority)
    .map(({ url, title, live }) => ({ url, title, live }));
}

const nameOf = (value: Coded | undefined): string | null =>
  !value ? null : typeof value === 'string' ? value.trim() || null : value.name;

/** An ISO time LL2 gave, normalised; null when it is not a time. */
function isoTime(value: string | null): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** Reads one launch; null when it is not one (no id or name). */
export function toLaunchRecord(value: unknown): LaunchRecord | null {
  const parsed = Launch.safeParse(value);
  if (!parsed.success) return null;
  const launch = parsed.data;
  const { status, pad, mission } = launch;
  const config = launch.rocket?.configuration;
  const missionInfo = typeof mission === 'object' ? mission : null;
  const [namedVehicle, namedMission] = launch.name.includes(' | ')
    ? launch.name.split(' | ', 2)
    : [null, null];
  const updates = launch.updates
    ?.filter((u) => u.comment)
    .map((u) => ({
      id: u.id ?? null,
      comment: u.comment!.slice(0, 1000),
      infoUrl: httpUrl(u.info_url),
      createdBy: u.created_by,
      createdOn: isoTime(u.created_on),
    }))
    .toSorted((a, b) => String(b.createdOn).localeCompare(String(a.createdOn)))
    .slice(0, UPDATES_KEPT);
  return {
    id: launch.id.toLowerCase(),
    name: launch.name,
    slug: launch.slug,
    apiUrl: httpUrl(launch.url),
    lastUpdated: isoTime(launch.last_updated),
    net: isoTime(launch.net),
    netPrecision: nameOf(launch.net_precision),
    windowStart: isoTime(launch.window_start),
    windowEnd: isoTime(launch.window_end),
    statusId: typeof status === 'object' && status ? (status.id ?? null) : null,
    status: nameOf(status),
    statusAbbrev: (typeof status === 'object' && status ? status.abbrev : null) ?? nameOf(status),
    failReason: launch.failreason,
    holdReason: launch.holdreason,
    provider: launch.launch_service_provider?.name ?? launch.lsp_name,
    providerAbbrev: launch.launch_service_provider?.abbrev ?? null,
    vehicle: config?.full_name ?? config?.name ?? namedVehicle?.trim() ?? null,
    vehicleName: config?.name ?? null,
    vehicleFamily: config?.family ?? null,
    mission:
      missionInfo?.name ??
      (typeof mission === 'string' ? mission.trim() || null : null) ??
      (namedMission?.trim() || null),
    missionDescription: missionInfo?.description ?? null,
    missionType: missionInfo?.type ?? launch.mission_type,
    orbit: missionInfo?.orbit?.name ?? launch.orbit,
    pad: typeof pad === 'string' ? pad.trim() || null : (pad?.name ?? null),
    location:
      (typeof pad === 'object' ? pad.location?.name : null) ?? (launch.location?.trim() || null),
    programs: (launch.program ?? []).map((p) => p.name).filter((n): n is string => !!n),
    imageUrl: imageOf(launch.image) ?? imageOf(config?.image_url),
    webcastLive: launch.webcast_live === true,
    webcasts: linksOf(launch.vid_urls ?? launch.vidURLs),
    infoUrls: linksOf(launch.info_urls ?? launch.infoURLs)?.map((l) => l.url) ?? null,
    updates: updates ?? null,
  };
}

/** Reads an LL2 `results` envelope; launches that are not ones are skipped. */
export function parseLaunchRecords(payload: unknown): LaunchRecord[] {
  const { results } = LaunchList.catch({ results: [] }).parse(payload);
  return results.map((r) => toLaunchRecord(r)).filter((r): r is LaunchRecord => r !== null);
}
