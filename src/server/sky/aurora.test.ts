// Aurora tiers: geomagnetic latitude against published values, the Kp view line and
// each tier boundary, and OVATION's nowcast at the place.
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/helpers/fixture-server';
import {
  dipoleLatitude,
  geomagneticLatitude,
  kpTier,
  ovationAt,
  ovationGrid,
  tierLabel,
  viewline,
} from './aurora';
import { auroraTonight } from './tonight-answer';

const WHEN = new Date('2026-09-13T19:00:00Z');
const WMM = { model: 'wmm' as const, pole: { latitude: 80.8, longitude: -72.8 } };
const LONDON = { latitude: 51.5074, longitude: -0.1278 };
const MINNEAPOLIS = { latitude: 44.9778, longitude: -93.265 };

describe('geomagnetic latitude', () => {
  it('puts London at about 49° and Minneapolis at about 56° (within 1°)', () => {
    const london = geomagneticLatitude(LONDON.latitude, LONDON.longitude, WMM, WHEN);
    const minneapolis = geomagneticLatitude(MINNEAPOLIS.latitude, MINNEAPOLIS.longitude, WMM, WHEN);
    expect(Math.abs(london - 49)).toBeLessThanOrEqual(1);
    expect(Math.abs(minneapolis - 56)).toBeLessThanOrEqual(1);
  });

  it('agrees with published corrected geomagnetic latitudes at high latitude', () => {
    // Fairbanks 65°, Tromsø 67° (corrected geomagnetic latitudes, undertheaurora.com);
    // south of the equator the latitude is negative (Hobart).
    expect(Math.abs(geomagneticLatitude(64.84, -147.72, WMM, WHEN) - 65)).toBeLessThanOrEqual(1);
    expect(Math.abs(geomagneticLatitude(69.65, 18.96, WMM, WHEN) - 67)).toBeLessThanOrEqual(1);
    expect(geomagneticLatitude(-42.88, 147.33, WMM, WHEN)).toBeLessThan(-45);
  });

  it('computes the centred dipole about the configured pole', () => {
    const pole = { latitude: 80.8, longitude: -72.8 };
    // At the pole itself 90°, a quarter of the globe away 0°.
    expect(dipoleLatitude(80.8, -72.8, pole)).toBeCloseTo(90, 6);
    expect(dipoleLatitude(-9.2, -72.8, pole)).toBeCloseTo(0, 6);
    // Greenwich 53.3° in 2025 (54.1° about the 1989 pole: SWSC 2021, table B1).
    expect(dipoleLatitude(51.48, 0, pole)).toBeCloseTo(53.3, 1);
    expect(dipoleLatitude(51.48, 0, { latitude: 79.1, longitude: -71.1 })).toBeCloseTo(54.1, 0);
    const dipole = { model: 'dipole' as const, pole };
    expect(geomagneticLatitude(51.48, 0, dipole, WHEN)).toBe(dipoleLatitude(51.48, 0, pole));
  });
});

describe('tiers', () => {
  it('draws the view line at 66.5° − 2.05·Kp', () => {
    expect(viewline(0)).toBe(66.5);
    expect(viewline(5)).toBeCloseTo(56.25, 10);
    expect(viewline(9)).toBeCloseTo(48.05, 10);
  });

  it('puts each boundary where it belongs: overhead 5° poleward of the line, camera 5° short', () => {
    // Kp 5: the line at 56.25°.
    const kp = 5;
    expect(kpTier(61.25, kp)).toBe('overhead');
    expect(kpTier(61.24, kp)).toBe('naked-eye');
    expect(kpTier(56.25, kp)).toBe('naked-eye');
    expect(kpTier(56.24, kp)).toBe('camera');
    expect(kpTier(51.25, kp)).toBe('camera');
    expect(kpTier(51.24, kp)).toBe('none');
    // The southern hemisphere by its absolute latitude.
    expect(kpTier(-56.25, kp)).toBe('naked-eye');
  });

  it('gives London aurora on the horizon only in a severe storm, and Minneapolis at Kp 6', () => {
    const london = geomagneticLatitude(LONDON.latitude, LONDON.longitude, WMM, WHEN);
    expect(kpTier(london, 4)).toBe('none');
    expect(kpTier(london, 7)).toBe('camera');
    expect(kpTier(london, 8.67)).toBe('naked-eye');
    const minneapolis = geomagneticLatitude(MINNEAPOLIS.latitude, MINNEAPOLIS.longitude, WMM, WHEN);
    expect(kpTier(minneapolis, 2)).toBe('none');
    expect(kpTier(minneapolis, 6)).toBe('naked-eye');
    expect(kpTier(minneapolis, 8.33)).toBe('overhead');
  });

  it('names the horizon by hemisphere', () => {
    expect(tierLabel('naked-eye', 56)).toBe('Naked eye on the northern horizon');
    expect(tierLabel('naked-eye', -56)).toBe('Naked eye on the southern horizon');
    expect(tierLabel('camera', 50)).toBe('Camera only');
  });
});

describe('OVATION nowcast', () => {
  const payload = JSON.parse(readFixture('swpc-ovation-aurora-latest.json').toString('utf8')) as {
    coordinates: [number, number, number][];
    'Forecast Time': string;
  };

  it('reads the recorded grid and finds the probability at a place', () => {
    const grid = ovationGrid(payload);
    expect(grid?.forecastTime?.toISOString()).toBe(
      new Date(payload['Forecast Time']).toISOString(),
    );
    const [lon, lat, value] = payload.coordinates.find((p) => p[2] > 0) ?? [0, 0, 0];
    expect(grid && ovationAt(grid, lat, lon)).toBe(value);
    // The recording was cut after longitude 9: no data elsewhere.
    expect(grid && ovationAt(grid, 51.5, -100)).toBeNull();
    expect(ovationGrid({ coordinates: [[1, 2, 'x']] })).toBeNull();
    expect(ovationGrid('nope')).toBeNull();
  });

  it('raises the Kp tier when the nowcast over tonight has aurora at the place', () => {
    const forecastTime = new Date('2026-09-14T03:00:00Z');
    const values = new Uint8Array(360 * 181).fill(255);
    values[(52 + 90) * 360 + 0] = 40; // 52°N 0°E
    const night = {
      start: new Date('2026-09-13T20:00:00Z'),
      end: new Date('2026-09-14T04:00:00Z'),
    };
    const sky = {
      cloudWeights: { low: 0.5, mid: 0.3, high: 0.2 },
      hazeCap: 0.5,
      geomagneticModel: 'wmm' as const,
      geomagneticPole: { latitude: 80.8, longitude: -72.8 },
    };
    const inputs = {
      kpRows: [
        { kp: 2, time: new Date('2026-09-13T18:00:00Z') },
        { kp: 3.67, time: new Date('2026-09-14T00:00:00Z') },
        { kp: 9, time: new Date('2026-09-14T06:00:00Z') },
      ],
      latest: { kp: 1, time: new Date('2026-09-13T15:00:00Z') },
      ovation: { values, forecastTime },
      error: null,
    };
    const a = auroraTonight(LONDON, night, new Date('2026-09-13T17:00:00Z'), inputs, sky);
    // Tonight's highest forecast Kp (the 06:00 period starts after dawn).
    expect(a).toMatchObject({ kp: 3.67, kpSource: 'forecast', ovationProbability: 40 });
    expect(a.tier).toBe('overhead');
    const quiet = auroraTonight(
      LONDON,
      night,
      new Date('2026-09-13T17:00:00Z'),
      { ...inputs, ovation: null },
      sky,
    );
    expect(quiet).toMatchObject({ tier: 'none', label: 'None', ovationProbability: null });
    const observed = auroraTonight(LONDON, null, new Date(), { ...inputs, kpRows: [] }, sky);
    expect(observed).toMatchObject({ kp: 1, kpSource: 'observed' });
  });
});
