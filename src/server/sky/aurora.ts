// Aurora at the user's place (issue 28): geomagnetic latitude, the Kp view line
// 66.5° − 2.05·Kp (the lowest geomagnetic latitude that sees aurora on the poleward
// horizon at that Kp), and tiers around it, raised by OVATION's nowcast at the place.
//
// Geomagnetic latitude comes in two models (GEOMAGNETIC_MODEL):
// - 'wmm' (default): the dipole relation tan I = 2·tan λ applied to the field's real
//   inclination I from the World Magnetic Model 2025 (the `geomagnetism` package).
//   It tracks the corrected geomagnetic latitudes aurora tables use: London ≈ 49°,
//   Minneapolis ≈ 55°, Tromsø ≈ 68°, where the centred dipole says 53°, 53° and 67°.
// - 'dipole': the centred dipole about GEOMAGNETIC_POLE (IGRF-14's 2025 pole, 80.8°N
//   72.8°W), as textbooks define it; it overstates Europe by about 4°.
import { createRequire } from 'node:module';
import type { AuroraTier } from '../../shared/sky-tonight';

const RAD = Math.PI / 180;

export interface GeomagneticOptions {
  model: 'wmm' | 'dipole';
  pole: { latitude: number; longitude: number };
}

/** Centred-dipole geomagnetic latitude about the given north geomagnetic pole. */
export function dipoleLatitude(
  latitude: number,
  longitude: number,
  pole: { latitude: number; longitude: number },
): number {
  const s =
    Math.sin(latitude * RAD) * Math.sin(pole.latitude * RAD) +
    Math.cos(latitude * RAD) *
      Math.cos(pole.latitude * RAD) *
      Math.cos((longitude - pole.longitude) * RAD);
  return Math.asin(Math.max(-1, Math.min(1, s))) / RAD;
}

interface WmmModel {
  point(coords: number[]): { incl: number };
}
type Geomagnetism = {
  model(date?: Date, options?: { allowOutOfBoundsModel: boolean }): WmmModel;
};
let wmm: { day: string; model: WmmModel } | undefined;

/** The field's dip latitude from WMM's inclination on the given day. */
export function dipLatitude(latitude: number, longitude: number, date: Date): number {
  const day = date.toISOString().slice(0, 10);
  if (wmm?.day !== day) {
    const geomagnetism = createRequire(import.meta.url)('geomagnetism') as Geomagnetism;
    // Past the model's five years its secular variation still extrapolates smoothly.
    wmm = { day, model: geomagnetism.model(date, { allowOutOfBoundsModel: true }) };
  }
  const inclination = wmm.model.point([latitude, longitude]).incl;
  return Math.atan(Math.tan(inclination * RAD) / 2) / RAD;
}

export function geomagneticLatitude(
  latitude: number,
  longitude: number,
  options: GeomagneticOptions,
  date: Date,
): number {
  return options.model === 'dipole'
    ? dipoleLatitude(latitude, longitude, options.pole)
    : dipLatitude(latitude, longitude, date);
}

/** The Kp view line: aurora on the poleward horizon from this geomagnetic latitude. */
export const viewline = (kp: number) => 66.5 - 2.05 * kp;

// The oval's equatorward edge lies 4–5° poleward of where it shows on the horizon
// (SWPC: "visible on the horizon even when its boundary is 4 or 5 degrees poleward
// of your location"); cameras record its faint red tops about as far again.
export const OVERHEAD_MARGIN = 5;
export const CAMERA_MARGIN = 5;

/** The tier a Kp gives at a geomagnetic latitude (either hemisphere). */
export function kpTier(magneticLatitude: number, kp: number): AuroraTier {
  const line = viewline(kp);
  const m = Math.abs(magneticLatitude);
  if (m >= line + OVERHEAD_MARGIN) return 'overhead';
  if (m >= line) return 'naked-eye';
  if (m >= line - CAMERA_MARGIN) return 'camera';
  return 'none';
}

const RANK: Record<AuroraTier, number> = { none: 0, camera: 1, 'naked-eye': 2, overhead: 3 };
export const higherTier = (a: AuroraTier, b: AuroraTier) => (RANK[a] >= RANK[b] ? a : b);

/** OVATION's probability of aurora overhead at the place → the tier it shows now. */
export function ovationTier(probability: number | null): AuroraTier {
  if (probability === null) return 'none';
  if (probability >= 30) return 'overhead';
  if (probability >= 10) return 'naked-eye';
  return 'none';
}

export function tierLabel(tier: AuroraTier, magneticLatitude: number): string {
  const horizon = magneticLatitude < 0 ? 'southern' : 'northern';
  switch (tier) {
    case 'overhead':
      return 'Overhead';
    case 'naked-eye':
      return `Naked eye on the ${horizon} horizon`;
    case 'camera':
      return 'Camera only';
    case 'none':
      return 'None';
  }
}

// ---------- OVATION ----------

/** OVATION's 1° grid (longitude 0–359 × latitude −90…90) of aurora probability, %. */
export interface OvationGrid {
  values: Uint8Array;
  /** When the nowcast is for, if the payload says. */
  forecastTime: Date | null;
}

const LONGITUDES = 360;
const LATITUDES = 181;

/** The payload → a grid; points outside it are ignored, a malformed payload gives null. */
export function ovationGrid(payload: unknown): OvationGrid | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const p = payload as { coordinates?: unknown; 'Forecast Time'?: unknown };
  if (!Array.isArray(p.coordinates) || p.coordinates.length > 200_000) return null;
  // 255: no data (a trimmed or partial payload).
  const values = new Uint8Array(LONGITUDES * LATITUDES).fill(255);
  for (const point of p.coordinates as unknown[]) {
    if (!Array.isArray(point) || point.length < 3) return null;
    const [lon, lat, value] = point as unknown[];
    if (typeof lon !== 'number' || typeof lat !== 'number' || typeof value !== 'number')
      return null;
    if (!Number.isInteger(lon) || !Number.isInteger(lat) || !Number.isFinite(value)) continue;
    if (lon < 0 || lon >= LONGITUDES || lat < -90 || lat > 90) continue;
    values[(lat + 90) * LONGITUDES + lon] = Math.max(0, Math.min(100, Math.round(value)));
  }
  const time = typeof p['Forecast Time'] === 'string' ? Date.parse(p['Forecast Time']) : NaN;
  return { values, forecastTime: Number.isFinite(time) ? new Date(time) : null };
}

/** The probability at the grid point nearest the place, or null where the grid has none. */
export function ovationAt(grid: OvationGrid, latitude: number, longitude: number): number | null {
  const lat = Math.round(latitude);
  const lon = ((Math.round(longitude) % 360) + 360) % 360;
  const value = grid.values[(lat + 90) * LONGITUDES + lon];
  return value === 255 ? null : value;
}
