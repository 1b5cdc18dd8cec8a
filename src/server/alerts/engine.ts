// The alerts engine: detection (the `alerts` job, one instance at a time under
// the job's lease) stores alerts in the outbox; the dispatcher sends what is
// due. Every instance with jobs enabled runs a dispatcher: it sleeps until the
// next due alert (15 s at most, so it sees what other instances stored) and is
// woken at once when this instance stores something due now.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DB, Dialect } from '../db/database';
import type { Clock } from '../jobs/clock';
import { sharedHttp } from '../net/guarded-http';
import type { GuardedHttp } from '../net/types';
import { createChannels, type Channels } from './channels';
import { detectLaunches, scheduleLaunchRule } from './detect-launches';
import { detectSky } from './detect-sky';
import { detectStories } from './detect-stories';
import { dispatchDue, type DispatchFigures } from './dispatch';
import { pruneAlerts } from './delivery-log';
import { nextDueAt } from './outbox';
import { pruneSubjects } from './repository';
import { createSkyService, type SkyService } from '../sky/service';
import type { ParsedRule } from './rules';
import { moduleSources, type AlertSources } from './sources';
import { vapidKeys } from './vapid';

const MAX_SLEEP_MS = 15_000;
const MIN_SLEEP_MS = 250;
/** Sent and cancelled alerts (and their log entries) are kept this long. */
export const ALERT_HISTORY_DAYS = 30;
const DAY_MS = 86_400_000;

export type Figures = Record<string, number>;

export interface AlertEngine {
  readonly channels: Channels;
  readonly clock: Clock;
  /** Looks for new events of every kind and stores their alerts. */
  detect(now: number): Promise<Figures>;
  /** Sends every alert that is due. */
  dispatch(): Promise<DispatchFigures>;
  /** The `alerts` job: detect, send, prune. */
  runJob(now: number, signal?: AbortSignal): Promise<Figures>;
  /** A launch rule just turned on: schedule its countdowns for known launches. */
  scheduleRule(rule: ParsedRule<'launch'>): Promise<void>;
  vapidPublicKey(): Promise<string>;
  /** Starts this instance's dispatcher loop. */
  start(): void;
  /** Something may be due now: dispatch soon. */
  wake(): void;
  stop(): Promise<void>;
}

export interface AlertEngineOptions {
  clock?: Clock;
  sources?: AlertSources;
  /** The client user-entered URLs go through (the SSRF guard). */
  http?: GuardedHttp;
  /** How long a claim on an alert lasts (default: 3 × FETCH_TIMEOUT_MS, 30 s at least). */
  claimTtlMs?: number;
  /** The sky service the sky routes use (their cached forecasts); default: one of its own. */
  sky?: SkyService;
}

export function createAlertEngine(
  deps: { config: Config; db: DB; dialect: Dialect; log: FastifyBaseLogger },
  options: AlertEngineOptions = {},
): AlertEngine {
  const { config, db, dialect, log } = deps;
  const clock = options.clock ?? { now: () => Date.now() };
  const sources =
    options.sources ??
    moduleSources({ db, config, sky: options.sky ?? createSkyService(config, log) });
  const channels = createChannels(config, options.http ?? sharedHttp(config.ingest), () =>
    vapidKeys(db),
  );
  const owner = randomBytes(8).toString('hex');
  const claimTtlMs = options.claimTtlMs ?? Math.max(30_000, 3 * config.ingest.timeoutMs);
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let stopped = false;
  let running: Promise<unknown> | null = null;
  let again = false;
  const isStopped = () => stopped;

  const dispatch = () =>
    dispatchDue({
      db,
      channels,
      owner,
      claimTtlMs,
      now: () => clock.now(),
      publicUrl: config.publicUrl,
      log,
    });

  async function loop() {
    timer = null;
    if (stopped) return;
    let sleep = MAX_SLEEP_MS;
    // Woken while dispatching: go round once more before sleeping.
    for (let round = 0; round === 0 || (again && !isStopped()); round++) {
      again = false;
      try {
        await dispatch();
        const next = await nextDueAt(db);
        if (next !== null)
          sleep = Math.min(MAX_SLEEP_MS, Math.max(MIN_SLEEP_MS, next - clock.now()));
      } catch (err) {
        log.error({ err }, 'alert dispatcher failed');
      }
    }
    if (isStopped()) return;
    timer = setTimeout(kick, sleep);
    timer.unref();
  }

  function kick() {
    if (stopped || !started) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    running = loop().finally(() => {
      running = null;
    });
  }

  async function detect(now: number): Promise<Figures> {
    const figures: Figures = {};
    Object.assign(figures, await detectStories({ db, dialect, sources }, now));
    Object.assign(figures, await detectLaunches({ db, sources }, now));
    Object.assign(figures, await detectSky({ db, sources }, now));
    return figures;
  }

  return {
    channels,
    clock,
    detect,
    dispatch,
    async runJob(now, signal) {
      const found = await detect(now);
      if (Object.values(found).some((n) => n > 0)) kick();
      if (signal?.aborted) return found;
      const sent = await dispatch();
      const pruned = await pruneAlerts(db, now - ALERT_HISTORY_DAYS * DAY_MS);
      await pruneSubjects(db, now - ALERT_HISTORY_DAYS * DAY_MS);
      return { ...found, ...sent, alertsPruned: pruned };
    },
    async scheduleRule(rule) {
      if ((await scheduleLaunchRule({ db, sources }, rule, clock.now())) > 0) kick();
    },
    vapidPublicKey: async () => (await vapidKeys(db)).publicKey,
    start() {
      if (started) return;
      started = true;
      kick();
    },
    wake: kick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      channels.close();
    },
  };
}
