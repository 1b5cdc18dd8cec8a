// Visible satellite passes over a place: SGP4 (satellite.js) from the stored
// element sets. A pass runs from rise to set above the horizon (0°); it is listed
// when part of it can be seen (the satellite sunlit while the observer's Sun is
// below −6°) and that part climbs to at least the user's minimum elevation.
//
// The search is cheap because most of the time a satellite is far away: the
// angle between the observer and the point under the satellite shrinks at most
// at the satellite's angular rate, so while it is large the next look can wait
// (steps of up to 20 minutes). Near and during a pass it looks every 20 s, and a
// pass that cannot reach the minimum is skipped before any refinement; rise, set
// and the visible part's edges are bisected to a second, the peak golden-searched.
import { gstime, sgp4, sunPos, type SatRec } from 'satellite.js';
import type { SatellitePass } from '../../shared/sky-calendar';

const DEG = Math.PI / 180;
const EARTH_RADIUS_KM = 6378.137;
const FLATTENING = 1 / 298.257223563;
const AU_KM = 149_597_870.7;
const MINUTE = 60_000;
const SCAN_MS = 20_000;
const MAX_SKIP_MS = 20 * MINUTE;
/** Earth's rotation, radians per minute. */
const EARTH_RATE = 0.004_375_269;
const TWILIGHT = -6;

export interface Observer {
  latitude: number;
  longitude: number;
}

export interface Satellite {
  noradId: number;
  name: string;
  satrec: SatRec;
}

interface Frame {
  /** Observer, Earth-fixed, km. */
  ox: number;
  oy: number;
  oz: number;
  /** Local up, east and north unit vectors, Earth-fixed. */
  up: [number, number, number];
  east: [number, number, number];
  north: [number, number, number];
}

function frameOf({ latitude, longitude }: Observer): Frame {
  const phi = latitude * DEG;
  const lam = longitude * DEG;
  const e2 = FLATTENING * (2 - FLATTENING);
  const n = EARTH_RADIUS_KM / Math.sqrt(1 - e2 * Math.sin(phi) ** 2);
  const [sp, cp, sl, cl] = [Math.sin(phi), Math.cos(phi), Math.sin(lam), Math.cos(lam)];
  return {
    ox: n * cp * cl,
    oy: n * cp * sl,
    oz: n * (1 - e2) * sp,
    up: [cp * cl, cp * sl, sp],
    east: [-sl, cl, 0],
    north: [-sp * cl, -sp * sl, cp],
  };
}

interface Look {
  t: number;
  /** Degrees. */
  elevation: number;
  azimuth: number;
  /** Angle at the Earth's centre between the observer and the satellite, radians. */
  psi: number;
  /** Satellite, inertial (TEME), km. */
  eci: [number, number, number];
  gmst: number;
}

const julian = (t: number) => t / 86_400_000 + 2_440_587.5;

/** The satellite seen from the observer at t; null when SGP4 cannot place it (decayed). */
function look(sat: SatRec, epochMs: number, f: Frame, t: number): Look | null {
  const pv = sgp4(sat, (t - epochMs) / MINUTE);
  if (!pv?.position) return null;
  const { x, y, z } = pv.position;
  const gmst = gstime(julian(t));
  const [c, s] = [Math.cos(gmst), Math.sin(gmst)];
  // Inertial → Earth-fixed: a rotation by the sidereal angle.
  const ex = x * c + y * s;
  const ey = -x * s + y * c;
  const rx = ex - f.ox;
  const ry = ey - f.oy;
  const rz = z - f.oz;
  const range = Math.hypot(rx, ry, rz);
  const u = (rx * f.up[0] + ry * f.up[1] + rz * f.up[2]) / range;
  const e = rx * f.east[0] + ry * f.east[1];
  const n = rx * f.north[0] + ry * f.north[1] + rz * f.north[2];
  const r = Math.hypot(x, y, z);
  const cosPsi = (ex * f.up[0] + ey * f.up[1] + z * f.up[2]) / r;
  return {
    t,
    elevation: Math.asin(u) / DEG,
    azimuth: (Math.atan2(e, n) / DEG + 360) % 360,
    psi: Math.acos(Math.max(-1, Math.min(1, cosPsi))),
    eci: [x, y, z],
    gmst,
  };
}

/** Whether the satellite is sunlit and the observer's Sun is below −6° at that moment. */
function seeable(l: Look, f: Frame): boolean {
  if (l.elevation < 0) return false;
  const { rsun } = sunPos(julian(l.t));
  const [sx, sy, sz] = [rsun.x * AU_KM, rsun.y * AU_KM, rsun.z * AU_KM];
  // The observer's Sun: its Earth-fixed direction against the local vertical.
  const [c, s] = [Math.cos(l.gmst), Math.sin(l.gmst)];
  const fx = sx * c + sy * s;
  const fy = -sx * s + sy * c;
  const sunUp = (fx * f.up[0] + fy * f.up[1] + sz * f.up[2]) / Math.hypot(fx, fy, sz);
  if (Math.asin(sunUp) / DEG >= TWILIGHT) return false;
  // Sunlit: the segment from the satellite to the Sun's centre misses the Earth.
  const [px, py, pz] = l.eci;
  const [dx, dy, dz] = [sx - px, sy - py, sz - pz];
  const k = Math.max(
    0,
    Math.min(1, -(px * dx + py * dy + pz * dz) / (dx * dx + dy * dy + dz * dz)),
  );
  return Math.hypot(px + k * dx, py + k * dy, pz + k * dz) > EARTH_RADIUS_KM;
}

/** The angle psi at which a satellite at radius r stands `elevation` degrees up. */
function psiAt(elevation: number, r: number): number {
  const el = elevation * DEG;
  return Math.acos((EARTH_RADIUS_KM * Math.cos(el)) / r) - el;
}

/** The first instant in (lo, hi] where `pred` holds, given it fails at lo and holds at hi. */
function bisect(lo: number, hi: number, pred: (t: number) => boolean): number {
  while (hi - lo > 500) {
    const mid = (lo + hi) / 2;
    if (pred(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

const GOLDEN = (Math.sqrt(5) - 1) / 2;

/** The time of the highest elevation in [a, b] (unimodal there). */
function goldenPeak(a: number, b: number, el: (t: number) => number): number {
  let c = b - GOLDEN * (b - a);
  let d = a + GOLDEN * (b - a);
  let fc = el(c);
  let fd = el(d);
  while (b - a > 500) {
    if (fc > fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - GOLDEN * (b - a);
      fc = el(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + GOLDEN * (b - a);
      fd = el(d);
    }
  }
  return (a + b) / 2;
}

const iso = (t: number) => new Date(Math.round(t / 1000) * 1000).toISOString();
const round1 = (n: number) => Math.round(n * 10) / 10;

/** One satellite's listed passes that rise between `from` and `to` (epoch ms). */
function passesOf(
  sat: Satellite,
  f: Frame,
  from: number,
  to: number,
  minElevation: number,
): SatellitePass[] {
  const rec = sat.satrec;
  const epochMs = (rec.jdsatepoch - 2_440_587.5) * 86_400_000;
  const at = (t: number) => look(rec, epochMs, f, t);
  const elevationAt = (t: number) => at(t)?.elevation ?? -90;
  // The fastest the point under the satellite can sweep (perigee speed plus the
  // Earth's turn, with a margin), and the widest its horizon circle gets (apogee).
  const e = rec.ecco;
  const rate = ((rec.no * (1 + e) ** 2) / (1 - e * e) ** 1.5 + EARTH_RATE) * 1.15;
  const apogeeKm = rec.a * (1 + e) * EARTH_RADIUS_KM;
  if (!(apogeeKm > EARTH_RADIUS_KM)) return [];
  const horizonPsi = Math.acos(EARTH_RADIUS_KM / apogeeKm);
  const passes: SatellitePass[] = [];
  // No pass lasts longer than the time the satellite takes to cross its horizon circle.
  const periodMin = (2 * Math.PI) / rec.no;
  const pad = ((periodMin * horizonPsi) / Math.PI + 5) * MINUTE;

  for (const [darkFrom, darkTo] of darkWindows(f, from - pad, to)) {
    passes.push(...scan(Math.max(from - pad, darkFrom - pad), Math.min(to, darkTo + pad)));
  }
  return passes;

  /** The passes that rise between start and end (and within [from, to)). */
  function scan(start: number, end: number): SatellitePass[] {
    const found: SatellitePass[] = [];
    let prev = at(start);
    if (!prev) return found;
    // A pass under way at the start rose before it: pass it by.
    while (prev && prev.elevation >= 0 && prev.t < end) prev = at(prev.t + SCAN_MS);
    while (prev && prev.t < end) {
      const gap = prev.psi - horizonPsi;
      const step =
        gap > 2 * DEG ? Math.min(MAX_SKIP_MS, Math.max(SCAN_MS, (gap / rate) * MINUTE)) : SCAN_MS;
      const next = at(prev.t + step);
      if (!next) break;
      if (next.elevation < 0) {
        prev = next;
        continue;
      }
      // Rising between prev and next: follow the pass at 20 s to its set.
      const below = prev;
      let top = next;
      let minPsi = next.psi;
      let cur: Look | null = next;
      while (cur && cur.elevation >= 0) {
        if (cur.elevation > top.elevation) top = cur;
        minPsi = Math.min(minPsi, cur.psi);
        cur = at(cur.t + SCAN_MS);
      }
      if (!cur) break;
      prev = cur;
      // 20 s of motion shifts psi by at most rate/3: a pass whose closest sample is
      // that much outside the minimum's circle cannot reach the minimum.
      const r = Math.hypot(...top.eci);
      if (minPsi > psiAt(minElevation, r) + rate / 3 + 0.5 * DEG) continue;

      const rise = bisect(below.t, next.t, (t) => elevationAt(t) >= 0);
      if (rise < from || rise >= to || rise >= end) continue;
      const set = bisect(cur.t - SCAN_MS, cur.t, (t) => elevationAt(t) < 0);
      const peak = goldenPeak(
        Math.max(rise, top.t - SCAN_MS),
        Math.min(set, top.t + SCAN_MS),
        elevationAt,
      );
      const peakLook = at(peak);
      if (!peakLook || peakLook.elevation < minElevation) continue;

      const seen = (t: number) => {
        const l = at(t);
        return l !== null && seeable(l, f);
      };
      // The visible part: 10 s samples, then its edges to a second.
      let first: number | null = null;
      let last: number | null = null;
      for (let t = rise; t <= set; t += 10_000) {
        if (seen(t)) {
          first ??= t;
          last = t;
        }
      }
      if (first === null || last === null) continue;
      const visibleFrom = first > rise ? bisect(first - 10_000, first, seen) : rise;
      const visibleUntil =
        last + 10_000 < set ? bisect(last, last + 10_000, (t) => !seen(t)) - 500 : set;
      // Elevation rises to the peak and falls after it: the visible part's highest point.
      const visibleTop =
        peak < visibleFrom ? visibleFrom : peak > visibleUntil ? visibleUntil : peak;
      const visibleMax = elevationAt(visibleTop);
      if (visibleMax < minElevation) continue;
      found.push({
        noradId: sat.noradId,
        satellite: sat.name,
        rise: iso(rise),
        peak: iso(peak),
        set: iso(set),
        maxElevation: round1(peakLook.elevation),
        riseAzimuth: Math.round(at(rise)?.azimuth ?? 0),
        peakAzimuth: Math.round(peakLook.azimuth),
        setAzimuth: Math.round(at(set)?.azimuth ?? 0),
        visibleFrom: iso(visibleFrom),
        visibleUntil: iso(visibleUntil),
        visibleMaxElevation: round1(visibleMax),
      });
    }
    return found;
  }
}

/** The observer's Sun altitude (degrees) at t, from satellite.js's solar position. */
function sunAltitude(f: Frame, t: number): number {
  const { rsun } = sunPos(julian(t));
  const gmst = gstime(julian(t));
  const [c, s] = [Math.cos(gmst), Math.sin(gmst)];
  const fx = rsun.x * c + rsun.y * s;
  const fy = -rsun.x * s + rsun.y * c;
  const up = (fx * f.up[0] + fy * f.up[1] + rsun.z * f.up[2]) / Math.hypot(fx, fy, rsun.z);
  return Math.asin(up) / DEG;
}

/**
 * The stretches of [from, to) when the observer's Sun is below −6°, found on a
 * 10-minute grid and widened by a step each side (the Sun's altitude changes by
 * at most 2.5° in 10 minutes, so a sample above −3.5° next to one below still
 * brackets the crossing). Nothing outside them can be seen.
 */
function darkWindows(f: Frame, from: number, to: number): [number, number][] {
  const step = 10 * MINUTE;
  const windows: [number, number][] = [];
  let open: number | null = null;
  for (let t = from; t < to + step; t += step) {
    const dark = sunAltitude(f, t) < TWILIGHT + 2.5;
    if (dark && open === null) open = t - step;
    if (!dark && open !== null) {
      windows.push([open, t]);
      open = null;
    }
  }
  if (open !== null) windows.push([open, to]);
  return windows;
}

/** Every listed pass of these satellites rising in [from, to), in time order. */
export function predictPasses(
  satellites: readonly Satellite[],
  observer: Observer,
  from: number,
  to: number,
  minElevation: number,
): SatellitePass[] {
  const f = frameOf(observer);
  return satellites
    .flatMap((s) => passesOf(s, f, from, to, minElevation))
    .toSorted((a, b) => a.rise.localeCompare(b.rise));
}
