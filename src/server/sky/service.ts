// The sky module's services: the forecast per place (10-minute cache), which the
// weather answer and the Tonight verdict both read; aerosol optical depth per place
// (1 hour); space weather with the aurora's inputs (15 minutes). Concurrent misses
// share one upstream call; an upstream failure becomes an `{error}` answer,
// remembered for a minute so a failing upstream is not hammered.
import type {
  CurrentWeather,
  ErrorAnswer,
  SpaceWeather,
  WeatherErrorAnswer,
} from '../../shared/sky';
import type { Config } from '../config';
import { type AirQuality, airQualitySchema, airQualityUrl, toAirQuality } from './air-quality';
import { type OvationGrid, ovationGrid } from './aurora';
import { SharedCache } from './cache';
import { type Forecast, forecastSchema, forecastUrl } from './open-meteo';
import { placeKey } from './place';
import {
  type KpReading,
  activeWarnings,
  aurora,
  kpForecast24h,
  kpForecastRows,
  latestKp,
  latestOneMinuteKp,
  solarActivityFromFlares,
  solarActivityFromFlux,
} from './swpc';
import { UpstreamError, createUpstream } from './upstream';
import { type WeatherPlace, presentWeather } from './weather';

const WEATHER_TTL_MS = 10 * 60_000;
const AIR_QUALITY_TTL_MS = 60 * 60_000;
const SPACE_WEATHER_TTL_MS = 15 * 60_000;
const FAILURE_TTL_MS = 60_000;

export const SWPC_PATHS = {
  kp: '/products/noaa-planetary-k-index.json',
  kp1m: '/json/planetary_k_index_1m.json',
  forecast: '/products/noaa-planetary-k-index-forecast.json',
  xrays: '/json/goes/primary/xrays-1-day.json',
  flares: '/json/goes/primary/xray-flares-latest.json',
  aurora: '/json/ovation_aurora_latest.json',
  alerts: '/products/alerts.json',
} as const;

const isError = (v: unknown): v is ErrorAnswer =>
  typeof v === 'object' && v !== null && 'error' in v;
const ttl = (base: number) => (v: unknown) => (isError(v) ? FAILURE_TTL_MS : base);
const value = (r: PromiseSettledResult<unknown>) =>
  r.status === 'fulfilled' ? r.value : undefined;

function reason(err: unknown): string {
  if (err instanceof UpstreamError) return err.message;
  return 'the answer was not in the expected format';
}

/** What the aurora tier reads from SWPC, fetched with the space-weather answer. */
export interface AuroraInputs {
  /** The Kp forecast's 3-hour periods (observed and predicted). */
  kpRows: KpReading[];
  latest: KpReading | null;
  ovation: OvationGrid | null;
  /** Why there is no Kp at all, else null. */
  error: string | null;
}

export interface SkyService {
  weather(place: WeatherPlace): Promise<CurrentWeather | WeatherErrorAnswer>;
  forecast(place: { latitude: number; longitude: number }): Promise<Forecast | ErrorAnswer>;
  airQuality(place: { latitude: number; longitude: number }): Promise<AirQuality | ErrorAnswer>;
  spaceWeather(): Promise<SpaceWeather | ErrorAnswer>;
  auroraInputs(): Promise<AuroraInputs>;
}

type SpaceState = { answer: SpaceWeather | ErrorAnswer; inputs: AuroraInputs };

export function createSkyService(
  config: Config,
  log: { warn: (obj: object, msg: string) => void },
  now: () => Date = () => new Date(),
): SkyService {
  const getJson = createUpstream(config);
  const forecastCache = new SharedCache<Forecast | ErrorAnswer>(ttl(WEATHER_TTL_MS));
  const airCache = new SharedCache<AirQuality | ErrorAnswer>(ttl(AIR_QUALITY_TTL_MS));
  const spaceCache = new SharedCache<SpaceState>(
    (s) => (isError(s.answer) ? FAILURE_TTL_MS : SPACE_WEATHER_TTL_MS),
    1,
  );

  async function loadForecast(p: { latitude: number; longitude: number }) {
    try {
      const url = forecastUrl(config.openMeteoUrl, p.latitude, p.longitude);
      return forecastSchema.parse(await getJson(url));
    } catch (err) {
      log.warn({ err, place: placeKey(p) }, 'weather upstream failed');
      return { error: `Weather data unavailable: ${reason(err)}` };
    }
  }

  async function loadAirQuality(p: { latitude: number; longitude: number }) {
    try {
      const url = airQualityUrl(config.openMeteoAirQualityUrl, p.latitude, p.longitude);
      return toAirQuality(airQualitySchema.parse(await getJson(url)));
    } catch (err) {
      log.warn({ err, place: placeKey(p) }, 'air-quality upstream failed');
      return { error: `Air-quality data unavailable: ${reason(err)}` };
    }
  }

  const forecast = (p: { latitude: number; longitude: number }) =>
    forecastCache.get(placeKey(p), () => loadForecast(p));

  async function weather(place: WeatherPlace): Promise<CurrentWeather | WeatherErrorAnswer> {
    const f = await forecast(place);
    const failed = (error: string) => ({
      error,
      locationName: place.name,
      latitude: place.latitude,
      longitude: place.longitude,
    });
    if (isError(f)) return failed(f.error);
    try {
      return presentWeather(f, place);
    } catch (err) {
      log.warn({ err, place: placeKey(place) }, 'weather upstream failed');
      return failed(`Weather data unavailable: ${reason(err)}`);
    }
  }

  const get = (path: string) => getJson(`${config.swpcUrl}${path}`);

  async function loadSpaceWeather(): Promise<SpaceState> {
    const [kp, kp1m, forecastKp, xrays, flares, ovation, alerts] = await Promise.allSettled([
      get(SWPC_PATHS.kp),
      get(SWPC_PATHS.kp1m),
      get(SWPC_PATHS.forecast),
      get(SWPC_PATHS.xrays),
      get(SWPC_PATHS.flares),
      get(SWPC_PATHS.aurora),
      get(SWPC_PATHS.alerts),
    ]);
    let reading;
    try {
      if (kp.status === 'rejected') throw kp.reason;
      reading = latestKp(kp.value);
    } catch (err) {
      log.warn({ err }, 'SWPC Kp product failed');
      const error = `Space weather data unavailable: ${reason(err)}`;
      return { answer: { error }, inputs: { kpRows: [], latest: null, ovation: null, error } };
    }
    const at = now();
    // The one-minute estimate refines the 3-hourly value when it is newer.
    const estimate = latestOneMinuteKp(value(kp1m));
    if (estimate && estimate.time > reading.time) reading = estimate;
    let kpForecast: SpaceWeather['kpForecast24h'] = [];
    let kpRows: KpReading[] = [];
    try {
      if (forecastKp.status === 'fulfilled') {
        kpForecast = kpForecast24h(forecastKp.value, at);
        kpRows = kpForecastRows(forecastKp.value);
      }
    } catch (err) {
      log.warn({ err }, 'SWPC Kp forecast malformed');
    }
    const answer: SpaceWeather = {
      kpIndex: Math.round(reading.kp * 100) / 100,
      kpTime: reading.time.toISOString(),
      solarActivity: solarActivityFromFlux(value(xrays)) ?? solarActivityFromFlares(value(flares)),
      aurora: aurora(value(ovation)),
      kpForecast24h: kpForecast,
      warnings: activeWarnings(value(alerts), at),
    };
    const inputs = { kpRows, latest: reading, ovation: ovationGrid(value(ovation)), error: null };
    return { answer, inputs };
  }

  const space = () => spaceCache.get('current', loadSpaceWeather);
  return {
    weather,
    forecast,
    airQuality: (p) => airCache.get(placeKey(p), () => loadAirQuality(p)),
    spaceWeather: async () => (await space()).answer,
    auroraInputs: async () => (await space()).inputs,
  };
}
