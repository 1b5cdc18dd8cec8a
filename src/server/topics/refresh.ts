// The weekly refresh of the vocabulary's LL2 half: LL2's featured agencies,
// programs, active launcher configurations and spacecraft configurations,
// turned into entities (ll2.ts) and stored (topic_vocabulary), where every
// thread and instance picks them up (loaded.ts). Every call first asks the
// launch call budget (`mayCall`: the launches module's askLaunchLibraryBudget,
// handed in by the job, since launches reads the topics' matcher and not the
// reverse); a refused call ends the run and the vocabulary in use stays as it
// was. The shipped file is the fallback.
import { z } from 'zod';
import type { DB } from '../db/database';
import type { GuardedHttp } from '../net/types';
import { SourceFetchError } from '../net/types';
import type { SpaceEntity } from './entities';
import {
  entitiesFromLl2,
  ll2AgencySchema,
  ll2LauncherSchema,
  ll2ProgramSchema,
  ll2SpacecraftSchema,
  type Ll2Objects,
} from './ll2';
import { checkVocabularySoon } from './loaded';
import { saveVocabulary } from './repository';

/** Pages per list at most (100 objects each): a bound on calls, whatever LL2 answers. */
export const MAX_PAGES_PER_LIST = 3;
/** Fewer entities than this is a broken answer, not a vocabulary: nothing is stored. */
export const MIN_ENTITIES = 20;

export interface RefreshDeps {
  db: DB;
  config: { launchLibraryUrl: string; launchLibraryToken?: string };
  /** The operator's client (LAUNCH_LIBRARY_URL is theirs): net/guarded-http.ts operatorHttp. */
  http: GuardedHttp;
  /** Whether one more LL2 call may be made now (the launches module's shared budget). */
  mayCall: (db: DB, purpose: string) => Promise<boolean>;
}

const pageSchema = z.object({
  next: z.string().max(2000).nullish(),
  results: z.array(z.unknown()).max(1000),
});

/** 2.3.0 renamed the lists; the path follows the configured version. */
function listPaths(base: string) {
  const v23 = /\/2\.(?:[3-9]|\d{2,})\.\d+$/.test(base);
  return {
    agencies: `${base}/agencies/?featured=true&limit=100&mode=list`,
    programs: `${base}/${v23 ? 'programs' : 'program'}/?limit=100`,
    launchers: `${base}/${v23 ? 'launcher_configurations' : 'config/launcher'}/?active=true&limit=100&mode=list`,
    spacecraft: `${base}/${v23 ? 'spacecraft_configurations' : 'config/spacecraft'}/?limit=100&mode=list`,
  };
}

class BudgetRefused extends Error {}

async function readList<T>(
  deps: RefreshDeps,
  firstUrl: string,
  schema: z.ZodType<T>,
  counter: { calls: number },
): Promise<T[]> {
  const { mayCall } = deps;
  const token = deps.config.launchLibraryToken;
  const out: T[] = [];
  let url: string | null | undefined = firstUrl;
  for (let page = 0; url && page < MAX_PAGES_PER_LIST; page++) {
    if (!(await mayCall(deps.db, 'topic-vocabulary'))) throw new BudgetRefused();
    counter.calls++;
    const res = await deps.http.get(url, {
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Token ${token}` } : {}),
      },
    });
    if (res.status !== 200)
      throw new SourceFetchError(
        `Launch Library answered ${res.status} for ${new URL(url).pathname}`,
      );
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch {
      throw new SourceFetchError('Launch Library answered something that is not JSON');
    }
    const parsed = pageSchema.safeParse(body);
    if (!parsed.success) throw new SourceFetchError('Launch Library answered an unexpected shape');
    for (const raw of parsed.data.results) {
      const item = schema.safeParse(raw);
      if (item.success) out.push(item.data);
    }
    // Only pages of the same server: the next link must not lead elsewhere.
    const next = parsed.data.next;
    url = next && new URL(next).origin === new URL(firstUrl).origin ? next : null;
  }
  return out;
}

export interface RefreshFigures {
  [key: string]: number | boolean;
  calls: number;
  entities: number;
  stored: boolean;
  budgetRefused: boolean;
}

export async function refreshVocabulary(deps: RefreshDeps, now: number): Promise<RefreshFigures> {
  const paths = listPaths(deps.config.launchLibraryUrl);
  const counter = { calls: 0 };
  let objects: Ll2Objects;
  try {
    objects = {
      agencies: await readList(deps, paths.agencies, ll2AgencySchema, counter),
      programs: await readList(deps, paths.programs, ll2ProgramSchema, counter),
      launcherConfigurations: await readList(deps, paths.launchers, ll2LauncherSchema, counter),
      spacecraftConfigurations: await readList(
        deps,
        paths.spacecraft,
        ll2SpacecraftSchema,
        counter,
      ),
    };
  } catch (err) {
    if (err instanceof BudgetRefused)
      return { calls: counter.calls, entities: 0, stored: false, budgetRefused: true };
    throw err;
  }
  const entities: SpaceEntity[] = entitiesFromLl2(objects);
  if (entities.length < MIN_ENTITIES)
    return { calls: counter.calls, entities: entities.length, stored: false, budgetRefused: false };
  await saveVocabulary(deps.db, entities, now);
  checkVocabularySoon();
  return { calls: counter.calls, entities: entities.length, stored: true, budgetRefused: false };
}
