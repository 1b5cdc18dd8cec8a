// The sky module's services: weather per place (10-minute cache) and space
// weather (15-minute cache). Concurrent misses share one upstream call; an
// upstream failure becomes an `{error}` answer, remembered for a minute so a
// failing upstream is not hammered.
import type {
  CurrentWeather,
  ErrorAnswer,
  SpaceWeather,
  WeatherErrorAnswer,
} from '../../shared/sky';
import type { Config } from '../config';
import { SharedCache } from './cache';
import { forecastSchema, forecastUrl } from './open-meteo';
import {
  activeWarnings,
  aurora,
  kpForecast24h,
  latestKp,
  latestOneMinuteKp,
  solarActivityFromFlares,
  solarActivityFromFlux,
} from './swpc';
import { UpstreamError, createUpstream } from './upstream';
import { presentWeather } from './weather';
import type { Place } from './zip';

const WEATHER_TTL_MS = 10 * 60_000;
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

export interface SkyService {
  weather(place: Place): Promise<CurrentWeather | WeatherErrorAnswer>;
  spaceWeather(): Promise<SpaceWeather | ErrorAnswer>;
}

export function createSkyService(
  config: Config,
  log: { warn: (obj: object, msg: string) => void },
  now: () => Date = () => new Date(),
): SkyService {
  const getJson = createUpstream(config);
  const weatherCache = new SharedCache<CurrentWeather | WeatherErrorAnswer>(ttl(WEATHER_TTL_MS));
  const spaceCache = new SharedCache<SpaceWeather | ErrorAnswer>(ttl(SPACE_WEATHER_TTL_MS), 1);

  async function loadWeather(place: Place): Promise<CurrentWeather | WeatherErrorAnswer> {
    try {
      const url = forecastUrl(config.openMeteoUrl, place.latitude, place.longitude);
      const forecast = forecastSchema.parse(await getJson(url));
      return presentWeather(forecast, place);
    } catch (err) {
      log.warn({ err, zipCode: place.zipCode }, 'weather upstream failed');
      return {
        error: `Weather data unavailable: ${reason(err)}`,
        locationName: place.name,
        latitude: place.latitude,
        longitude: place.longitude,
      };
    }
  }

  const get = (path: string) => getJson(`${config.swpcUrl}${path}`);

  async function loadSpaceWeather(): Promise<SpaceWeather | ErrorAnswer> {
    const [kp, kp1m, forecast, xrays, flares, ovation, alerts] = await Promise.allSettled([
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
      return { error: `Space weather data unavailable: ${reason(err)}` };
    }
    const at = now();
    // The one-minute estimate refines the 3-hourly value when it is newer.
    const estimate = latestOneMinuteKp(value(kp1m));
    if (estimate && estimate.time > reading.time) reading = estimate;
    let kpForecast: SpaceWeather['kpForecast24h'] = [];
    try {
      if (forecast.status === 'fulfilled') kpForecast = kpForecast24h(forecast.value, at);
    } catch (err) {
      log.warn({ err }, 'SWPC Kp forecast malformed');
    }
    return {
      kpIndex: Math.round(reading.kp * 100) / 100,
      kpTime: reading.time.toISOString(),
      solarActivity: solarActivityFromFlux(value(xrays)) ?? solarActivityFromFlares(value(flares)),
      aurora: aurora(value(ovation)),
      kpForecast24h: kpForecast,
      warnings: activeWarnings(value(alerts), at),
    };
  }

  return {
    weather: (place) => weatherCache.get(place.zipCode, () => loadWeather(place)),
    spaceWeather: () => spaceCache.get('current', loadSpaceWeather),
  };
}
