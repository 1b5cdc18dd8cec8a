// Every environment variable AstroDash reads, parsed and validated once.
// Nothing else in the server reads process.env: modules receive this object.
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { REFRESH_COOLDOWN_MS } from '../shared/constants';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

/** A boolean that may be left unset (undefined), for settings with an older name. */
const optionalBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'yes'].includes(v)));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const url = (fallback: string) => z.url({ protocol: /^https?$/ }).default(fallback);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^(postgres|postgresql|sqlite|file):/.test(v) || !v.includes(':'), {
      message: 'must be a postgres:// URL or a path to an SQLite file',
    }),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  ADS_TXT: optionalString,
  ADS_SCRIPT_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SESSION_SECURE_COOKIE: bool(false),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const value = (v ?? '').trim();
      if (value === '' || value === 'false') return false;
      if (value === 'true') return true;
      if (/^\d+$/.test(value)) return Number(value);
      if (/^[0-9a-fA-F.:/, ]+$/.test(value)) return value;
      ctx.addIssue({
        code: 'custom',
        message: 'must be true, false, a hop count, or a list of proxy addresses',
      });
      return z.NEVER;
    }),
  JOBS_ENABLED: optionalBool,
  /** Deprecated: the old name of JOBS_ENABLED, read when JOBS_ENABLED is not set. */
  INGEST_SCHEDULER: optionalBool,
  PURGE_AGE_DAYS: z.coerce.number().int().min(0).max(36500).default(30),
  SEARCH_COUNT_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json', '']).optional(),

  // Ingestion
  SEED_DEFAULT_SOURCES: bool(true),
  FETCH_ALLOW_PRIVATE_NETWORK: bool(false),
  FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  FETCH_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  FETCH_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  FETCH_PER_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  SOURCE_POLL_INTERVAL_MINUTES: z.coerce.number().int().min(1).default(30),
  INGEST_WORKER_HEAP_MB: z.coerce.number().int().min(32).max(16_384).default(1024),
  INGEST_WORKERS: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(0).max(64).optional(),
  ),
  USER_AGENT: z
    .string()
    .default('AstroDash/0.1 (self-hosted astronomy news reader; +https://github.com/astrodash)'),
  YOUTUBE_BASE_URL: url('https://www.youtube.com'),
  REDDIT_BASE_URL: url('https://www.reddit.com'),
  REDDIT_OAUTH_BASE_URL: url('https://oauth.reddit.com'),
  REDDIT_CLIENT_ID: optionalString,
  REDDIT_CLIENT_SECRET: optionalString,
  BLUESKY_APPVIEW_URL: url('https://public.api.bsky.app'),
  LAUNCH_LIBRARY_URL: url('https://ll.thespacedevs.com/2.3.0'),
  LAUNCH_LIBRARY_TOKEN: optionalString,
  MAX_ITEMS_PER_FETCH: z.coerce.number().int().min(1).default(500),
  MAX_ITEMS_PER_SOURCE: z.coerce.number().int().min(1).default(5000),

  // Header strip upstreams (operator settings: may be private, e.g. a self-hosted Open-Meteo)
  OPEN_METEO_URL: url('https://api.open-meteo.com'),
  SWPC_URL: url('https://services.swpc.noaa.gov'),
  // Satellite passes (issue 28): CelesTrak's element sets, and which satellites to predict.
  CELESTRAK_URL: url('https://celestrak.org'),
  PASS_SATELLITES: z
    .string()
    .default('25544,48274,20580')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().regex(/^\d{1,9}$/, 'must be NORAD catalogue numbers, comma-separated'))
        .min(1, 'must name at least one satellite')
        .max(20, 'may name at most 20 satellites'),
    )
    .transform((ids) => [...new Set(ids.map(Number))]),
  OPEN_METEO_AIR_QUALITY_URL: url('https://air-quality-api.open-meteo.com'),
  // The Tonight verdict and aurora tiers (issue 28)
  SKY_CLOUD_WEIGHTS: z
    .string()
    .default('0.5,0.3,0.2')
    .transform((v, ctx) => {
      const parts = v.split(',').map((p) => Number(p.trim()));
      const ok =
        parts.length === 3 &&
        parts.every((p) => Number.isFinite(p) && p >= 0) &&
        Math.abs(parts[0] + parts[1] + parts[2] - 1) < 0.001;
      if (ok) return { low: parts[0], mid: parts[1], high: parts[2] };
      ctx.addIssue({
        code: 'custom',
        message: 'must be three weights (low,mid,high) adding up to 1',
      });
      return z.NEVER;
    }),
  SKY_HAZE_CAP: z.coerce.number().min(0.01).max(10).default(0.5),
  GEOMAGNETIC_MODEL: z.enum(['wmm', 'dipole']).default('wmm'),
  GEOMAGNETIC_POLE: z
    .string()
    .default('80.8,-72.8')
    .transform((v, ctx) => {
      const [latitude, longitude, extra] = v.split(',').map((p) => Number(p.trim()));
      if (
        extra === undefined &&
        Number.isFinite(latitude) &&
        Number.isFinite(longitude) &&
        Math.abs(latitude) <= 90 &&
        Math.abs(longitude) <= 180
      )
        return { latitude, longitude };
      ctx.addIssue({ code: 'custom', message: 'must be "latitude,longitude" in degrees' });
      return z.NEVER;
    }),
  // AI (names fixed: AI_BASE_URL, AI_API_KEY, AI_MODEL). No model: the local engine.
  AI_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  AI_WORKERS: z.coerce.number().int().min(0).max(64).optional(),

  // Alerts (issue 30): e-mail through the operator's SMTP server; web push's VAPID contact.
  SMTP_HOST: optionalString,
  SMTP_PORT: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  SMTP_SECURE: optionalBool,
  SMTP_USER: optionalString,
  SMTP_PASSWORD: optionalString,
  SMTP_FROM: optionalString,
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: address or an https:// URL')
      .optional(),
  ),
  // Stories: cross-source clustering at ingestion (src/server/stories/assign.ts)
  STORY_MAX_GAP_HOURS: z.coerce.number().min(0).max(720).default(18),
  STORY_MAX_AGE_HOURS: z.coerce.number().min(0).max(720).default(36),
  STORY_NEAR_DUPLICATE_BITS: z.coerce.number().int().min(0).max(16).default(3),
  STORY_MIN_SIMILARITY: z.coerce.number().min(0).max(1).default(0.1),
  STORY_MIN_SIMILARITY_UNKNOWN_EVENT: z.coerce.number().min(0).max(1).default(0.5),
  STORY_DESIGNATOR_BONUS: z.coerce.number().min(0).max(1).default(0.1),
  STORY_HOT_HOURS: z.coerce.number().min(1).max(168).default(24),

  // Feed
  REFRESH_COOLDOWN_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(REFRESH_COOLDOWN_MS / 1000),
});

export type Config = Readonly<{
  port: number;
  host: string;
  dataDir: string;
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  adminEmail: string | undefined;
  /** The address users reach AstroDash at; when set, other Host names are refused. */
  publicUrl: string | undefined;
  adsTxt: string | undefined;
  adsScriptUrl: string | undefined;
  secureCookie: boolean;
  /** Fastify's trustProxy: whose X-Forwarded-For to believe (client IPs feed the rate limits). */
  trustProxy: boolean | number | string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Human-readable lines on a terminal, one JSON object per line otherwise. */
  logFormat: 'pretty' | 'json';
  /** Timers of every background job, source polling included (JOBS_ENABLED). */
  jobsEnabled: boolean;
  /** Stories published longer ago are purged and not ingested again; 0 keeps every story. */
  purgeAgeDays: number;
  /** A search counts its matches up to this many; past it the total is a lower bound ("1,000+"). */
  searchCountLimit: number;
  ingest: Readonly<{
    seedDefaultSources: boolean;
    allowPrivateNetwork: boolean;
    timeoutMs: number;
    maxBytes: number;
    concurrency: number;
    perHostConcurrency: number;
    pollIntervalMinutes: number;
    /** Ingestion threads, each owning whole hosts' sources; 0 ingests on the main thread. */
    workers: number;
    /** The ingestion thread's heap limit (its old generation), in MB. */
    workerHeapMb: number;
    userAgent: string;
    youtubeBaseUrl: string;
    redditBaseUrl: string;
    redditOauthBaseUrl: string;
    redditClientId: string | undefined;
    redditClientSecret: string | undefined;
    blueskyAppviewUrl: string;
    launchLibraryUrl: string;
    launchLibraryToken: string | undefined;
    /** Items kept from one fetch, newest first. */
    maxItemsPerFetch: number;
    /** Items kept per source; the oldest beyond it are pruned. */
    maxItemsPerSource: number;
  }>;
  refreshCooldownSeconds: number;
  /** Cross-source stories (README "One story once"). */
  stories: Readonly<{
    /** Most hours between a new item and the nearest member of the story it joins. */
    maxGapHours: number;
    /** Most hours from a story's first item to its last. */
    maxAgeHours: number;
    /** Simhash bits (of 64) two near-copies of one text may differ in. */
    nearDuplicateBits: number;
    /** Least word similarity for the same event, with an entity in common and the same kind of event. */
    minSimilarity: number;
    /** The same, when one of the two items names no kind of event. */
    minSimilarityUnknownEvent: number;
    /** Added to the similarity when both name one flight ("Crew-12") and report the same kind of event. */
    designatorBonus: number;
    /** The Hot view counts the sources of this many last hours. */
    hotHours: number;
  }>;
  /** Open-Meteo base URL; forecasts come from {openMeteoUrl}/v1/forecast. */
  openMeteoUrl: string;
  /** NOAA SWPC base URL; product paths are appended as published. */
  swpcUrl: string;
  /** CelesTrak base URL; the element sets come from {celestrakUrl}/NORAD/elements/gp.php. */
  celestrakUrl: string;
  /** NORAD catalogue numbers of the satellites whose passes are predicted. */
  passSatellites: readonly number[];
  /** Open-Meteo air-quality base URL ({url}/v1/air-quality: aerosol optical depth). */
  openMeteoAirQualityUrl: string;
  /** The Tonight verdict and aurora tiers (issue 28). */
  sky: Readonly<{
    /** Weights of the low, mid and high cloud layers in an hour's cloud (sum 1). */
    cloudWeights: Readonly<{ low: number; mid: number; high: number }>;
    /** Aerosol optical depth at or above which an hour is not usable. */
    hazeCap: number;
    /** 'wmm': latitude from the field's dip (WMM); 'dipole': centred dipole about the pole below. */
    geomagneticModel: 'wmm' | 'dipole';
    /** The north geomagnetic (dipole) pole, degrees. */
    geomagneticPole: Readonly<{ latitude: number; longitude: number }>;
  }>;
  alerts: Readonly<{
    /** The SMTP server e-mail alerts go through; null: no e-mail channel. */
    smtp: Readonly<{
      host: string;
      port: number;
      /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
      secure: boolean;
      user: string | undefined;
      password: string | undefined;
      from: string;
    }> | null;
    /** Who push services may contact about this server (VAPID `sub`). */
    vapidSubject: string;
  }>;
  ai: Readonly<{
    /** OpenAI-compatible endpoint (…/v1); when a model is set and this is not, OpenAI's. */
    baseUrl: string;
    apiKey: string | undefined;
    /** No model: the local engine answers. */
    model: string | undefined;
    /** No response, or no new token, for this long ends a model's answer. */
    timeoutMs: number;
    /** Worker threads for summaries' text work (0 = on the main thread). */
    workers: number;
  }>;
}>;

export class ConfigError extends Error {}

const trimSlash = (s: string) => s.replace(/\/+$/, '');

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  { stdoutIsTTY = process.stdout.isTTY }: { stdoutIsTTY?: boolean } = {},
): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const dbUrl = e.DATABASE_URL;
  const database: Config['database'] =
    dbUrl && /^postgres(ql)?:/.test(dbUrl)
      ? { dialect: 'postgres', url: dbUrl }
      : {
          dialect: 'sqlite',
          file: dbUrl
            ? path.resolve(dbUrl.replace(/^(sqlite|file):(\/\/)?/, ''))
            : path.join(dataDir, 'astrodash.db'),
        };
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    publicUrl: e.PUBLIC_URL,
    adsTxt: e.ADS_TXT,
    adsScriptUrl: e.ADS_SCRIPT_URL,
    secureCookie: e.SESSION_SECURE_COOKIE,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT || (stdoutIsTTY ? 'pretty' : 'json'),
    jobsEnabled: e.JOBS_ENABLED ?? e.INGEST_SCHEDULER ?? true,
    purgeAgeDays: e.PURGE_AGE_DAYS,
    searchCountLimit: e.SEARCH_COUNT_LIMIT,
    ingest: Object.freeze({
      seedDefaultSources: e.SEED_DEFAULT_SOURCES,
      allowPrivateNetwork: e.FETCH_ALLOW_PRIVATE_NETWORK,
      timeoutMs: e.FETCH_TIMEOUT_MS,
      maxBytes: e.FETCH_MAX_BYTES,
      concurrency: e.FETCH_CONCURRENCY,
      perHostConcurrency: e.FETCH_PER_HOST_CONCURRENCY,
      pollIntervalMinutes: e.SOURCE_POLL_INTERVAL_MINUTES,
      // One core stays with the main thread (HTTP, SQLite, API requests).
      workers: e.INGEST_WORKERS ?? 1,
      workerHeapMb: e.INGEST_WORKER_HEAP_MB,
      userAgent: e.USER_AGENT,
      youtubeBaseUrl: trimSlash(e.YOUTUBE_BASE_URL),
      redditBaseUrl: trimSlash(e.REDDIT_BASE_URL),
      redditOauthBaseUrl: trimSlash(e.REDDIT_OAUTH_BASE_URL),
      redditClientId: e.REDDIT_CLIENT_ID,
      redditClientSecret: e.REDDIT_CLIENT_SECRET,
      blueskyAppviewUrl: trimSlash(e.BLUESKY_APPVIEW_URL),
      launchLibraryUrl: trimSlash(e.LAUNCH_LIBRARY_URL),
      launchLibraryToken: e.LAUNCH_LIBRARY_TOKEN,
      maxItemsPerFetch: e.MAX_ITEMS_PER_FETCH,
      maxItemsPerSource: e.MAX_ITEMS_PER_SOURCE,
    }),
    refreshCooldownSeconds: e.REFRESH_COOLDOWN_SECONDS,
    stories: Object.freeze({
      maxGapHours: e.STORY_MAX_GAP_HOURS,
      maxAgeHours: e.STORY_MAX_AGE_HOURS,
      nearDuplicateBits: e.STORY_NEAR_DUPLICATE_BITS,
      minSimilarity: e.STORY_MIN_SIMILARITY,
      minSimilarityUnknownEvent: e.STORY_MIN_SIMILARITY_UNKNOWN_EVENT,
      designatorBonus: e.STORY_DESIGNATOR_BONUS,
      hotHours: e.STORY_HOT_HOURS,
    }),
    openMeteoUrl: trimSlash(e.OPEN_METEO_URL),
    swpcUrl: trimSlash(e.SWPC_URL),
    celestrakUrl: trimSlash(e.CELESTRAK_URL),
    passSatellites: Object.freeze(e.PASS_SATELLITES),
    openMeteoAirQualityUrl: trimSlash(e.OPEN_METEO_AIR_QUALITY_URL),
    sky: Object.freeze({
      cloudWeights: Object.freeze(e.SKY_CLOUD_WEIGHTS),
      hazeCap: e.SKY_HAZE_CAP,
      geomagneticModel: e.GEOMAGNETIC_MODEL,
      geomagneticPole: Object.freeze(e.GEOMAGNETIC_POLE),
    }),
    alerts: Object.freeze({
      smtp: e.SMTP_HOST
        ? Object.freeze({
            host: e.SMTP_HOST,
            port: e.SMTP_PORT ?? (e.SMTP_SECURE ? 465 : 587),
            secure: e.SMTP_SECURE ?? e.SMTP_PORT === 465,
            user: e.SMTP_USER,
            password: e.SMTP_PASSWORD,
            from:
              e.SMTP_FROM ??
              (e.SMTP_USER?.includes('@') ? e.SMTP_USER : `AstroDash <astrodash@${os.hostname()}>`),
          })
        : null,
      vapidSubject:
        e.VAPID_SUBJECT ??
        (e.PUBLIC_URL?.startsWith('https://')
          ? e.PUBLIC_URL
          : `mailto:${e.ADMIN_EMAIL ?? 'astrodash@localhost'}`),
    }),
    ai: Object.freeze({
      baseUrl: trimSlash(e.AI_BASE_URL ?? 'https://api.openai.com/v1'),
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL,
      timeoutMs: e.AI_TIMEOUT_MS,
      workers: e.AI_WORKERS ?? Math.max(1, os.availableParallelism() - 1),
    }),
  });
}
