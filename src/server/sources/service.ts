// The rules for sources: who may touch which source, URL checks, duplicates.
// Routes call these; the repository owns the SQL.
import type { SourceType } from '../../shared/constants';
import type { NewsSource } from '../../shared/types';
import type { Config } from '../config';
import type { DB } from '../db/database';
import type { SourceRow } from '../db/tables';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { parseId } from '../http/parse-id';
import { compareSources, toNewsSource } from './presenter';
import * as repo from './repository';
import { folderBySource } from './folder-repository';
import { urlKey } from './url-key';
import { checkSourceUrl, type UrlRuleOptions } from './url-rules';

export const SOURCE_MESSAGES = {
  notFound: 'News source not found.',
  defaultReadOnly: 'Default sources can only be switched on or off.',
  personalNotToggled: 'Personal sources cannot be toggled.',
  duplicatePersonal: 'You already have this source.',
  duplicateDefault: 'This source is already one of the default sources.',
  tooMany: 'You can have at most 1000 personal sources.',
  builtInReadOnly: 'This source is written by AstroDash and can only be switched on or off.',
  ownBriefingsReadOnly: 'This source is written by AstroDash and can only be deleted.',
} as const;

/**
 * Every personal source is polled on a schedule, so one account must not be
 * able to make the server poll without bound.
 */
export const MAX_PERSONAL_SOURCES = 1000;

/** How many more personal sources the user may add (call inside the writing transaction). */
export async function roomForPersonalSources(db: repo.Executor, userId: number): Promise<number> {
  return Math.max(0, MAX_PERSONAL_SOURCES - (await repo.countPersonalSources(db, userId)));
}

export interface SourceFields {
  name: string;
  url: string;
  sourceType: SourceType;
}

const parseSourceId = (raw: string) => parseId(raw, SOURCE_MESSAGES.notFound);

const host = (u: string) => new URL(u).hostname;

/** Upstream hosts configured for self-hosted mirrors (or the fixture server) count as the real ones. */
export function urlRuleOptions(config: Config): UrlRuleOptions {
  return {
    extraHosts: {
      youtube: [host(config.ingest.youtubeBaseUrl)],
      reddit: [host(config.ingest.redditBaseUrl)],
      rocket_launch: [host(config.ingest.launchLibraryUrl)],
    },
  };
}

function checkedUrl(config: Config, url: string, type: SourceType): string {
  const check = checkSourceUrl(url, type, urlRuleOptions(config));
  if (!check.ok) throw badRequest(check.message);
  return check.url;
}

export const duplicateMessage = (kind: 'personal' | 'default') =>
  kind === 'default' ? SOURCE_MESSAGES.duplicateDefault : SOURCE_MESSAGES.duplicatePersonal;

async function assertNoDuplicate(
  db: repo.Executor,
  key: string,
  ownerId: number | null,
  exceptId?: number,
) {
  const clash = (await repo.findUrlKeyClashes(db, [key], ownerId, exceptId)).get(key);
  if (clash) throw conflict(duplicateMessage(clash));
}

export async function listSourcesFor(db: DB, userId: number): Promise<NewsSource[]> {
  const rows = await repo.listVisibleSources(db, userId);
  const folders = await folderBySource(db, userId);
  return rows
    .map(({ row, prefEnabled }) =>
      toNewsSource(row, prefEnabled, folders.get(row.id)?.name ?? null),
    )
    .toSorted(compareSources);
}

/** Adds a personal source (ownerId) or a default one (ownerId null), due for fetching at once. */
export async function createSource(
  db: DB,
  config: Config,
  ownerId: number | null,
  input: SourceFields,
): Promise<{ id: string; name: string }> {
  const url = checkedUrl(config, input.url, input.sourceType);
  const key = urlKey(url);
  const [id] = await db.transaction().execute(async (tx) => {
    await repo.lockUrlKeys(tx, [key]);
    await assertNoDuplicate(tx, key, ownerId);
    if (ownerId !== null && (await roomForPersonalSources(tx, ownerId)) === 0) {
      throw badRequest(SOURCE_MESSAGES.tooMany);
    }
    return repo.insertSources(tx, [
      { name: input.name, url, url_key: key, source_type: input.sourceType, user_id: ownerId },
    ]);
  });
  return { id: String(id), name: input.name };
}

export async function updateSource(
  db: DB,
  config: Config,
  source: SourceRow,
  input: Partial<SourceFields>,
): Promise<{ name: string }> {
  if (source.built_in === 1) throw forbidden(SOURCE_MESSAGES.ownBriefingsReadOnly);
  const patch: repo.SourcePatch = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.sourceType !== undefined && input.sourceType !== source.source_type)
    patch.source_type = input.sourceType;
  const type = input.sourceType ?? source.source_type;
  const urlChanges = input.url !== undefined || patch.source_type !== undefined;
  if (urlChanges) {
    // A new type must suit the URL the source keeps, and a new URL the type.
    const url = checkedUrl(config, input.url ?? source.url, type);
    if (url !== source.url) {
      patch.url = url;
      patch.url_key = urlKey(url);
    }
  }
  await db.transaction().execute(async (tx) => {
    if (patch.url_key !== undefined && patch.url_key !== source.url_key) {
      await repo.lockUrlKeys(tx, [patch.url_key]);
      await assertNoDuplicate(tx, patch.url_key, source.user_id, source.id);
    }
    await repo.updateSource(tx, source.id, patch);
  });
  return { name: patch.name ?? source.name };
}

/** A personal source of the user; others' sources do not exist for them, defaults are read-only. */
export async function loadOwnSource(db: DB, userId: number, rawId: string): Promise<SourceRow> {
  const source = await repo.findSource(db, parseSourceId(rawId));
  if (!source || (source.user_id !== null && source.user_id !== userId)) {
    throw notFound(SOURCE_MESSAGES.notFound);
  }
  if (source.user_id === null) throw forbidden(SOURCE_MESSAGES.defaultReadOnly);
  return source;
}

/** A default source, for the admin's calls; a personal source's id is not found. */
export async function loadDefaultSource(db: DB, rawId: string): Promise<SourceRow> {
  const source = await repo.findSource(db, parseSourceId(rawId));
  if (!source || source.user_id !== null) throw notFound(SOURCE_MESSAGES.notFound);
  if (source.built_in === 1) throw forbidden(SOURCE_MESSAGES.builtInReadOnly);
  return source;
}

/** Switches a default source on or off for one user. */
export async function setDefaultSourcePreference(
  db: DB,
  userId: number,
  rawId: string,
  isEnabled: boolean,
): Promise<void> {
  const source = await repo.findSource(db, parseSourceId(rawId));
  if (!source || (source.user_id !== null && source.user_id !== userId)) {
    throw notFound(SOURCE_MESSAGES.notFound);
  }
  if (source.user_id !== null) throw badRequest(SOURCE_MESSAGES.personalNotToggled);
  await repo.setPreference(db, userId, source.id, isEnabled);
}

export { deleteSource } from './repository';
