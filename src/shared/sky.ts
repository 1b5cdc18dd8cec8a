// The header strip's answers and the spec's levels (spec 001 §2, §3, §9), shared
// by the server (which computes the stargazing score) and the web (which shows levels).
// No zod here: the strip is on every signed-in page, and zod stays out of that bundle.

export const UNKNOWN_ZIP_MESSAGE = 'Unknown US ZIP code.';
export const WEATHER_FAILED = 'Failed to fetch current weather';
export const MOON_FAILED = 'Failed to fetch moon phase data';
export const SPACE_WEATHER_FAILED = 'Failed to fetch current space weather';
export const SPACE_WEATHER_REFRESH_MS = 15 * 60 * 1000;

// ---------- answers ----------

export interface StargazingFactor {
  key: 'cloud' | 'visibility' | 'humidity' | 'wind';
  label: string;
  /** Share of the rating, 0–1. */
  weight: number;
  /** 0–100. */
  score: number;
  /** The measured value behind the score, with its unit. */
  value: string;
}

export interface StargazingExplanation {
  cloudCoverage: number;
  /** Visibility in metres (the score's unit). */
  visibility: number;
  humidity: number;
  windSpeed: number;
  factors: StargazingFactor[];
}

export interface TonightHour {
  /** Local hour, "HH:00". */
  hour: string;
  cloudCover: number;
  cloudCoverLow: number | null;
  cloudCoverMid: number | null;
  cloudCoverHigh: number | null;
}

export interface Tonight {
  /** Astronomical darkness (sun below −18°), ISO instants; null when it never gets dark. */
  darkStart: string | null;
  darkEnd: string | null;
  /** Moon above the horizon during darkness, in hours, and its illumination (0–100). */
  moonUpHours: number | null;
  moonIllumination: number | null;
  hours: TonightHour[];
  /** The clearest stretch, e.g. "01:00–03:00"; null without hourly clouds. */
  bestHours: string | null;
  summary: string;
}

export interface CurrentWeather {
  /** The place's ZIP code; null for a place given by coordinates (issue 28). */
  zipCode: string | null;
  locationName: string;
  latitude: number;
  longitude: number;
  /** IANA zone of the place (sunrise and sunset are shown in it). */
  timezone: string;
  /**
   * The units of the values below: 'us' as the spec shows (°F, mph, miles, inHg,
   * inches) or 'metric' (°C, km/h, km, hPa, mm), as the user chose (issue 28).
   */
  units: 'us' | 'metric';
  description: string;
  conditions: string;
  temperature: number;
  feelsLike: number;
  uvIndex: number;
  humidity: number;
  /** ISO 8601 with the place's offset. */
  sunrise: string | null;
  sunset: string | null;
  precipitationChance: number;
  /** Inches (mm in metric). */
  precipitationAmount: number;
  /** mph (km/h). */
  windSpeed: number;
  /** Miles (km). */
  visibility: number;
  /** inHg (hPa). */
  pressure: number;
  /** °F (°C). */
  dewPoint: number;
  cloudCoverage: number;
  stargazingRating: number;
  stargazingDescription: string;
  stargazingExplanation: StargazingExplanation;
  tonight: Tonight;
  observedAt: string;
}

export interface MoonPhase {
  phaseName: string;
  /** Percent, 0–100. */
  illumination: number;
  waxing: boolean;
  /** ISO instants, null when the Moon does not rise or set within two days. */
  moonrise: string | null;
  moonset: string | null;
  altitude: number;
  azimuth: number;
  distanceKm: number;
  ageInDays: number;
  nextPhaseName: string;
  nextPhaseDate: string;
  /** The phase picture, drawn on the server as an SVG data URL. */
  imageUrl: string;
}

export interface KpForecastEntry {
  kpIndex: number;
  /** Start of the 3-hour period, ISO UTC ending in Z. */
  timePeriod: string;
}

export interface SpaceWeather {
  kpIndex: number;
  kpTime: string;
  solarActivity: string | null;
  aurora: { maxProbability: number; description: string } | null;
  kpForecast24h: KpForecastEntry[];
  warnings: string[];
}

export type ErrorAnswer = { error: string };
/** A weather failure still names the place, so the Moon can be shown. */
export type WeatherErrorAnswer = ErrorAnswer & {
  locationName: string;
  latitude: number;
  longitude: number;
};

// ---------- levels ----------

export type StargazingLevel = 'excellent' | 'good' | 'fair' | 'poor';

/** Badge: 8+ excellent, 6–7 good, 4–5 fair, below 4 poor. */
export function stargazingLevel(rating: number): StargazingLevel {
  if (rating >= 8) return 'excellent';
  if (rating >= 6) return 'good';
  if (rating >= 4) return 'fair';
  return 'poor';
}

export const STARGAZING_DESCRIPTIONS: Record<StargazingLevel, string> = {
  excellent: 'Excellent conditions for stargazing',
  good: 'Good conditions for stargazing',
  fair: 'Fair conditions for stargazing',
  poor: 'Poor conditions for stargazing',
};

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** Wind factor: 100 for 5–15 mph, 80 below 5, minus 5 per mph above 15. */
export function windScore(mph: number): number {
  if (mph < 5) return 80;
  if (mph <= 15) return 100;
  return clamp(100 - 5 * (mph - 15), 0, 100);
}

/**
 * The spec's weighted score: cloud 40% (100 − cloud %), visibility 30% (metres
 * / 16093 as a percentage, capped at 100), humidity 20% (100 − humidity), wind 10%.
 */
export function stargazingScore(input: {
  cloudCoverage: number;
  visibilityMetres: number;
  humidity: number;
  windMph: number;
}): { rating: number; factors: Record<StargazingFactor['key'], number> } {
  const factors = {
    cloud: clamp(100 - input.cloudCoverage, 0, 100),
    visibility: clamp((input.visibilityMetres / 16093) * 100, 0, 100),
    humidity: clamp(100 - input.humidity, 0, 100),
    wind: windScore(input.windMph),
  };
  const total =
    factors.cloud * 0.4 + factors.visibility * 0.3 + factors.humidity * 0.2 + factors.wind * 0.1;
  return { rating: clamp(Math.round(total / 10), 0, 10), factors };
}

export type FactorLevel = 'poor' | 'fair' | 'good';
/** Factor colours: below 40 poor, below 70 fair. */
export const factorLevel = (score: number): FactorLevel =>
  score < 40 ? 'poor' : score < 70 ? 'fair' : 'good';

/** Tips when cloud, visibility or humidity score below 50, or wind score below 70. */
export function needsTip(key: StargazingFactor['key'], score: number): boolean {
  return key === 'wind' ? score < 70 : score < 50;
}

export type UvLevel = 'Low' | 'Moderate' | 'High' | 'Very High' | 'Extreme';
/** After rounding: ≤2 Low, 3–5 Moderate, 6–7 High, 8–10 Very High, 11+ Extreme. */
export function uvLevel(index: number): UvLevel {
  const uv = Math.round(index);
  if (uv <= 2) return 'Low';
  if (uv <= 5) return 'Moderate';
  if (uv <= 7) return 'High';
  if (uv <= 10) return 'Very High';
  return 'Extreme';
}
/** The UV bar's fill, 0–1: index / 11. */
export const uvBar = (index: number) => clamp(index / 11, 0, 1);

export const humidityText = (humidity: number) =>
  humidity > 70 ? 'High humidity, feels sticky.' : 'Comfortable humidity levels.';

// Kp comes in thirds (2.33 = 2+, 2.67 = 3-). The levels apply to the value itself,
// not to a rounded one: "up to 2" is Quiet, so 2.33 is already Unsettled.
export type KpLevel =
  'Quiet' | 'Unsettled' | 'Active' | 'Minor to Moderate Storm' | 'Strong to Extreme Storm';
/** Dialog: ≤2 Quiet, then below 4 Unsettled, below 5 Active, below 7 Minor to Moderate Storm, 7+ Strong to Extreme Storm. */
export function kpLevel(kp: number): KpLevel {
  if (kp <= 2) return 'Quiet';
  if (kp < 4) return 'Unsettled';
  if (kp < 5) return 'Active';
  if (kp < 7) return 'Minor to Moderate Storm';
  return 'Strong to Extreme Storm';
}

export type KpBadgeLevel = 'Quiet' | 'Moderate' | 'Strong' | 'Severe';
/** Header badge: ≤2 Quiet, ≤5 Moderate, ≤7 Strong, above Severe. */
export function kpBadgeLevel(kp: number): KpBadgeLevel {
  if (kp <= 2) return 'Quiet';
  if (kp <= 5) return 'Moderate';
  if (kp <= 7) return 'Strong';
  return 'Severe';
}
