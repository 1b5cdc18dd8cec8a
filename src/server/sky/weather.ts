// Open-Meteo forecast → the weather answer: units converted from what the
// payload says into the user's (the spec's °F, mph, miles, inHg and inches, or
// °C, km/h, km, hPa and mm: issue 28), the spec's stargazing score (always from
// the spec's units), and tonight's outlook.
import {
  STARGAZING_DESCRIPTIONS,
  stargazingLevel,
  stargazingScore,
  type CurrentWeather,
  type StargazingFactor,
} from '../../shared/sky';
import type { Units } from '../../shared/types';
import { type Forecast, type HourlyVariable, withOffset } from './open-meteo';
import { tonightOutlook } from './tonight';
import { METRES_PER_MILE, convert } from './units';
import { describeWeatherCode } from './wmo';

export interface WeatherPlace {
  zipCode: string | null;
  name: string;
  latitude: number;
  longitude: number;
  /** The user's units; the spec's US units when not given. */
  units?: Units;
}

/** From the spec's units to the user's. */
const toUnits = {
  temperature: (f: number, u: Units) => (u === 'us' ? f : ((f - 32) * 5) / 9),
  speed: (mph: number, u: Units) => (u === 'us' ? mph : mph * 1.609344),
  distance: (metres: number, u: Units) => metres / (u === 'us' ? METRES_PER_MILE : 1000),
  pressure: (inHg: number, u: Units) => (u === 'us' ? inHg : inHg / 0.029529983),
  precipitation: (inches: number, u: Units) => (u === 'us' ? inches : inches * 25.4),
};

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Index of the hour holding `local` ("YYYY-MM-DDTHH:MM") in the hourly times, or -1. */
function hourIndex(times: string[], local: string): number {
  return times.indexOf(`${local.slice(0, 13)}:00`);
}

/** Chance (max %) and amount (sum, inches) of precipitation over the next 24 hours. */
function precipitation(f: Forecast): { chance: number; amount: number } {
  const today = f.current.time.slice(0, 10);
  const day = f.daily ? f.daily.time.indexOf(today) : -1;
  const hourly = f.hourly;
  const start = hourly ? hourIndex(hourly.time, f.current.time) : -1;
  const pick = (key: HourlyVariable) => {
    const values = hourly && start >= 0 ? hourly[key] : undefined;
    if (!Array.isArray(values)) return [];
    return values
      .slice(start, start + 24)
      .filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  };
  const probabilities = pick('precipitation_probability');
  const amounts = pick('precipitation');
  const dailyChance = day >= 0 ? f.daily?.precipitation_probability_max?.[day] : null;
  const dailyAmount = day >= 0 ? f.daily?.precipitation_sum?.[day] : null;
  const chance = probabilities.length ? Math.max(...probabilities) : (dailyChance ?? 0);
  const amountRaw = amounts.length ? amounts.reduce((a, b) => a + b, 0) : (dailyAmount ?? 0);
  const amountUnit = amounts.length
    ? f.hourly_units?.precipitation
    : f.daily_units?.precipitation_sum;
  const amount = amountRaw === 0 ? 0 : convert('precipitation', amountUnit, amountRaw);
  return { chance: round(chance), amount: round(amount, 2) };
}

function sunTimes(f: Forecast) {
  const day = f.daily ? f.daily.time.indexOf(f.current.time.slice(0, 10)) : -1;
  const at = (list: (string | null)[] | undefined) => {
    const local = day >= 0 ? list?.[day] : null;
    return local ? withOffset(local, f.utc_offset_seconds) : null;
  };
  return { sunrise: at(f.daily?.sunrise), sunset: at(f.daily?.sunset) };
}

export function presentWeather(f: Forecast, place: WeatherPlace): CurrentWeather {
  const units = place.units ?? 'us';
  const c = f.current;
  const u = f.current_units;
  const temperature = convert('temperature', u.temperature_2m, c.temperature_2m);
  const feelsLike = convert('temperature', u.apparent_temperature, c.apparent_temperature);
  const dewPoint = convert('temperature', u.dew_point_2m, c.dew_point_2m);
  const windMph = convert('speed', u.wind_speed_10m, c.wind_speed_10m);
  const visibilityMetres = convert('distance', u.visibility, c.visibility);
  const pressure = convert('pressure', u.pressure_msl, c.pressure_msl);
  const humidity = convert('percent', u.relative_humidity_2m, c.relative_humidity_2m);
  const cloudCoverage = convert('percent', u.cloud_cover, c.cloud_cover);
  const day = f.daily ? f.daily.time.indexOf(c.time.slice(0, 10)) : -1;
  const uvIndex = c.uv_index ?? (day >= 0 ? f.daily?.uv_index_max?.[day] : null) ?? 0;
  const { conditions, description } = describeWeatherCode(c.weather_code);
  const score = stargazingScore({ cloudCoverage, visibilityMetres, humidity, windMph });
  const factors: StargazingFactor[] = [
    {
      key: 'cloud',
      label: 'Cloud Coverage',
      weight: 0.4,
      score: round(score.factors.cloud),
      value: `${round(cloudCoverage)}%`,
    },
    {
      key: 'visibility',
      label: 'Visibility',
      weight: 0.3,
      score: round(score.factors.visibility),
      value: `${Math.round(visibilityMetres).toLocaleString('en-US')} m`,
    },
    {
      key: 'humidity',
      label: 'Humidity',
      weight: 0.2,
      score: round(score.factors.humidity),
      value: `${round(humidity)}%`,
    },
    {
      key: 'wind',
      label: 'Wind Speed',
      weight: 0.1,
      score: round(score.factors.wind),
      value: `${round(toUnits.speed(windMph, units), 1)} ${units === 'us' ? 'mph' : 'km/h'}`,
    },
  ];
  const { chance, amount } = precipitation(f);
  return {
    zipCode: place.zipCode,
    locationName: place.name,
    latitude: place.latitude,
    longitude: place.longitude,
    timezone: f.timezone,
    units,
    description,
    conditions,
    temperature: round(toUnits.temperature(temperature, units)),
    feelsLike: round(toUnits.temperature(feelsLike, units)),
    uvIndex: round(uvIndex, 1),
    humidity: round(humidity),
    ...sunTimes(f),
    precipitationChance: chance,
    precipitationAmount: round(toUnits.precipitation(amount, units), units === 'us' ? 2 : 1),
    windSpeed: round(toUnits.speed(windMph, units), 1),
    visibility: round(toUnits.distance(visibilityMetres, units), 1),
    pressure: round(toUnits.pressure(pressure, units), units === 'us' ? 2 : 0),
    dewPoint: round(toUnits.temperature(dewPoint, units)),
    cloudCoverage: round(cloudCoverage),
    stargazingRating: score.rating,
    stargazingDescription: STARGAZING_DESCRIPTIONS[stargazingLevel(score.rating)],
    stargazingExplanation: {
      cloudCoverage: round(cloudCoverage),
      visibility: Math.round(visibilityMetres),
      humidity: round(humidity),
      windSpeed: round(toUnits.speed(windMph, units), 1),
      factors,
    },
    tonight: tonightOutlook(f, place),
    observedAt: withOffset(c.time, f.utc_offset_seconds),
  };
}
