// A Launch Library 2 stand-in for the launch poller's tests: a world of
// launches that changes over (fake) time, served over real HTTP in LL2's own
// shapes. Every launch is the recorded real 2.2.0 detailed record
// (ll2-upcoming-detailed-mode.json) with its id, name, NET, window, precision,
// status, last_updated and comments set from the world; list queries honour
// the filters the poller sends (net__gte, net__lte, last_updated__gte,
// ordering, limit, mode), and like LL2 without a key it answers 429 past 15
// calls in a rolling hour, with its throttle endpoint saying how long to wait.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FixtureServer, readFixture } from './fixture-server';

const HOUR = 3_600_000;
export const LL2_LIMIT = 15;

export interface WorldLaunch {
  id: string;
  name: string;
  net: number;
  netPrecision: string;
  statusId: number;
  status: string;
  windowMs: number;
}

/** A change to one launch at a moment of the world's time. */
export interface WorldEvent {
  at: number;
  launchId: string;
  change: Partial<Omit<WorldLaunch, 'id' | 'name'>> & { comment?: string };
}

const STATUS: Record<number, [name: string, abbrev: string]> = {
  1: ['Go for Launch', 'Go'],
  2: ['To Be Determined', 'TBD'],
  3: ['Launch Successful', 'Success'],
  4: ['Launch Failure', 'Failure'],
  5: ['On Hold', 'Hold'],
  6: ['Launch in Flight', 'In Flight'],
  8: ['To Be Confirmed', 'TBC'],
};

export const statusName = (id: number) => STATUS[id][0];

const template = (() => {
  const recorded = JSON.parse(readFixture('ll2-upcoming-detailed-mode.json').toString('utf8')) as {
    results: Array<Record<string, unknown>>;
  };
  return recorded.results[0];
})();

/** Detailed-mode only fields: normal mode leaves them out, as LL2 does. */
const DETAILED_ONLY = ['updates', 'vidURLs', 'vid_urls', 'infoURLs', 'info_urls', 'timeline'];

export interface WorldState extends WorldLaunch {
  lastUpdated: number;
  comments: Array<{ at: number; comment: string }>;
}

export class Ll2World {
  readonly calls: Array<{ at: number; path: string; status: number }> = [];
  private server!: FixtureServer;
  /** Further 429s to answer whatever the count (another client on the same address). */
  forcedThrottle: { until: number } | null = null;

  constructor(
    private readonly launches: WorldLaunch[],
    private readonly events: WorldEvent[],
    private readonly now: () => number,
    /** The world's time at which every launch was first announced. */
    private readonly announcedAt: number,
  ) {
    this.events = events.toSorted((a, b) => a.at - b.at);
  }

  async start(version: '2.2.0' | '2.3.0' = '2.3.0'): Promise<string> {
    this.server = await FixtureServer.start();
    const list = version === '2.3.0' ? `/${version}/launches/` : `/${version}/launch/`;
    this.server.route(list, (req, res, url) => this.list(req, res, url));
    this.server.route(`/${version}/api-throttle/`, (_req, res, url) => this.throttle(res, url));
    return `${this.server.url}/${version}`;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  /** The requests as they came in (headers included). */
  get requests() {
    return this.server.requests;
  }

  /** Every launch as it stands at `t`. */
  stateAt(t: number): WorldState[] {
    return this.launches.map((l) => {
      const state: WorldState = { ...l, lastUpdated: this.announcedAt, comments: [] };
      for (const e of this.events) {
        if (e.at > t || e.launchId !== l.id) continue;
        const { comment, ...change } = e.change;
        Object.assign(state, change);
        state.lastUpdated = e.at;
        if (comment) state.comments.push({ at: e.at, comment });
      }
      return state;
    });
  }

  /** Calls counted by LL2 in the hour up to `t` (the throttle endpoint is free). */
  private used(t: number): number {
    return this.calls.filter((c) => c.at > t - HOUR && !c.path.includes('api-throttle')).length;
  }

  private nextFree(t: number): number {
    const window = this.calls.filter((c) => c.at > t - HOUR && !c.path.includes('api-throttle'));
    const forced =
      this.forcedThrottle && this.forcedThrottle.until > t ? this.forcedThrottle.until : 0;
    const byCount = window.length < LL2_LIMIT ? t : window[window.length - LL2_LIMIT].at + HOUR;
    return Math.max(byCount, forced);
  }

  private throttle(res: ServerResponse, url: URL) {
    const t = this.now();
    this.calls.push({ at: t, path: url.pathname, status: 200 });
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        your_request_limit: LL2_LIMIT,
        limit_frequency_secs: 3600,
        current_use: this.used(t),
        next_use_secs: Math.ceil((this.nextFree(t) - t) / 1000),
        ident: '127.0.0.1',
      }),
    );
  }

  private list(req: IncomingMessage, res: ServerResponse, url: URL) {
    const t = this.now();
    const throttled = this.nextFree(t) > t;
    const call = { at: t, path: url.pathname + url.search, status: throttled ? 429 : 200 };
    this.calls.push(call);
    if (throttled) {
      const wait = Math.ceil((this.nextFree(t) - t) / 1000);
      res.writeHead(429, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          detail: `Request was throttled. Expected available in ${wait} seconds.`,
        }),
      );
      return;
    }
    const q = url.searchParams;
    const num = (k: string) => (q.has(k) ? Date.parse(q.get(k)!) : null);
    const [netGte, netLte, updatedGte] = [
      num('net__gte'),
      num('net__lte'),
      num('last_updated__gte'),
    ];
    const ordering = q.get('ordering') ?? 'net';
    const limit = Number(q.get('limit') ?? 10);
    const detailed = q.get('mode') === 'detailed';
    const rows = (t >= this.announcedAt ? this.stateAt(t) : [])
      .filter((l) => netGte === null || l.net >= netGte)
      .filter((l) => netLte === null || l.net <= netLte)
      .filter((l) => updatedGte === null || l.lastUpdated >= updatedGte)
      .toSorted((a, b) =>
        ordering === 'last_updated' ? a.lastUpdated - b.lastUpdated : a.net - b.net,
      );
    const results = rows.slice(0, limit).map((l) => this.record(l, detailed));
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ count: rows.length, next: null, previous: null, results }));
    void req;
  }

  private record(l: WorldState, detailed: boolean): Record<string, unknown> {
    const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
    const [name, abbrev] = STATUS[l.statusId];
    const record: Record<string, unknown> = {
      ...template,
      id: l.id,
      url: `https://ll.thespacedevs.com/2.2.0/launch/${l.id}/`,
      slug: l.id,
      name: l.name,
      status: { id: l.statusId, name, abbrev, description: name },
      last_updated: iso(l.lastUpdated),
      net: iso(l.net),
      net_precision: { id: 0, name: l.netPrecision, abbrev: l.netPrecision, description: '' },
      window_start: iso(l.net),
      window_end: iso(l.net + l.windowMs),
      webcast_live: l.statusId === 6,
      // The recorded launch's rocket and mission, named after this one.
      rocket: {
        ...(template.rocket as object),
        configuration: {
          ...(template.rocket as { configuration: object }).configuration,
          name: l.name.split(' | ')[0],
          full_name: l.name.split(' | ')[0],
        },
      },
      mission: { ...(template.mission as object), name: l.name.split(' | ')[1] ?? l.name },
    };
    if (detailed) {
      record.updates = l.comments.toReversed().map((c, i) => ({
        id: i + 1,
        comment: c.comment,
        info_url: null,
        created_by: 'LL2',
        created_on: iso(c.at),
      }));
    } else for (const key of DETAILED_ONLY) delete record[key];
    return record;
  }
}

/** The most calls LL2 counted in any rolling hour, and how many it refused. */
export function callFigures(calls: ReadonlyArray<{ at: number; path: string; status: number }>) {
  const counted = calls.filter((c) => !c.path.includes('api-throttle'));
  let maxPerHour = 0;
  for (const c of counted) {
    const n = counted.filter((o) => o.at >= c.at && o.at < c.at + HOUR).length;
    maxPerHour = Math.max(maxPerHour, n);
  }
  return { maxPerHour, refused: counted.filter((c) => c.status === 429).length };
}
