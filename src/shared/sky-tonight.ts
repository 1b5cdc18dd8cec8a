// GET /_api/sky/tonight (issue 28): the Tonight verdict and the aurora tier at the
// user's place, and GET /_api/sky/places (the offline city search). Types only.
import type { Units } from './types';

export type Verdict = 'go' | 'marginal' | 'no-go';
export type AuroraTier = 'overhead' | 'naked-eye' | 'camera' | 'none';
/** What keeps an hour from being usable. */
export type Blocker = 'cloud' | 'precipitation' | 'haze' | 'moon' | 'no-forecast';

export const VERDICT_LABELS: Record<Verdict, string> = {
  go: 'Go',
  marginal: 'Marginal',
  'no-go': 'No-go',
};

export interface TonightVerdictHour {
  /** Start of the hour, ISO instant. */
  time: string;
  /** Local wall-clock start, "HH:00". */
  hour: string;
  /** Weighted cloud, % (0.5·low + 0.3·mid + 0.2·high by default); null without a forecast. */
  cloud: number | null;
  cloudLow: number | null;
  cloudMid: number | null;
  cloudHigh: number | null;
  /** Precipitation probability, %. */
  precipitation: number | null;
  /** Wind in the answer's `windUnit`. */
  wind: number | null;
  humidity: number | null;
  /** Aerosol optical depth (haze); null when not known. */
  aod: number | null;
  /** The Moon at the middle of the hour's dark part: degrees, % lit. */
  moonAltitude: number;
  moonIllumination: number;
  usable: boolean;
  blockers: Blocker[];
}

export interface BestWindow {
  start: string;
  end: string;
  /** "10:58 PM–3:00 AM", in the place's time and the user's clock. */
  label: string;
  hours: number;
}

export interface Darkness {
  /** Astronomical (Sun below −18°), nautical (−12°, flagged: no astronomical darkness), or none. */
  kind: 'astronomical' | 'nautical' | 'none';
  start: string | null;
  end: string | null;
  flagged: boolean;
}

export interface TonightAurora {
  tier: AuroraTier;
  /** "Naked eye on the northern horizon", … */
  label: string;
  /** The Kp the tier comes from: tonight's highest forecast, else the latest observed. */
  kp: number | null;
  kpSource: 'forecast' | 'observed' | null;
  geomagneticLatitude: number;
  /** 66.5° − 2.05·Kp. */
  viewline: number | null;
  /** OVATION's nowcast probability of aurora overhead at the place, %. */
  ovationProbability: number | null;
  /** Why there is no Kp (space weather unavailable), else null. */
  error: string | null;
}

export interface TonightAnswer {
  verdict: Verdict;
  /** In words, e.g. "low cloud 80 % until 1:00 AM", "Moon 92 % up until 3:10 AM". */
  reasons: string[];
  bestWindow: BestWindow | null;
  hours: TonightVerdictHour[];
  aurora: TonightAurora;
  /** One line for the dashboard. */
  summary: string;
  darkness: Darkness;
  place: { name: string; latitude: number; longitude: number; timeZone: string };
  units: Units;
  windUnit: 'mph' | 'km/h';
  /** The forecast's own "now", which the night is reckoned from. */
  reference: string;
}

export interface PlaceSearchResult {
  id: number;
  name: string;
  /** "Tromsø, Norway". */
  label: string;
  latitude: number;
  longitude: number;
  population: number;
}
