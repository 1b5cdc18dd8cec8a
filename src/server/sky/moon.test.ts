// The Moon against published almanac values. Source: U.S. Naval Observatory,
// "Phases of the Moon" for 2024 (aa.usno.navy.mil/data/MoonPhases), times in UT:
// New Moon 2024 Jan 11 11:57, First Quarter Jan 18 03:52, Full Moon Jan 25 17:54,
// New Moon Apr 8 18:21 (the day of the total solar eclipse over North America).
import { Observer } from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import { moonPhaseAt, moonPosition, phaseName } from './moon';
import { moonSvg } from './moon-svg';

const MINUTE = 60_000;
const NEW_YORK = { latitude: 40.7128, longitude: -74.006 };
const minutesApart = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / MINUTE;

describe('moon phase against the USNO almanac', () => {
  it('finds the next phase: New Moon on 2024 Apr 8 at 18:21 UT', () => {
    const m = moonPhaseAt(new Date('2024-04-03T00:00:00Z'), NEW_YORK.latitude, NEW_YORK.longitude);
    expect(m.nextPhaseName).toBe('New Moon');
    expect(minutesApart(m.nextPhaseDate, '2024-04-08T18:21:00Z')).toBeLessThan(2);
  });

  it('finds the next phase: Full Moon on 2024 Jan 25 at 17:54 UT', () => {
    const m = moonPhaseAt(new Date('2024-01-20T00:00:00Z'), NEW_YORK.latitude, NEW_YORK.longitude);
    expect(m.nextPhaseName).toBe('Full Moon');
    expect(minutesApart(m.nextPhaseDate, '2024-01-25T17:54:00Z')).toBeLessThan(2);
    expect(m.phaseName).toBe('Waxing Gibbous');
    expect(m.waxing).toBe(true);
  });

  it('at the full moon: fully lit, 14.25 days after the new moon of Jan 11 11:57 UT', () => {
    const m = moonPhaseAt(new Date('2024-01-25T17:54:00Z'), NEW_YORK.latitude, NEW_YORK.longitude);
    expect(m.phaseName).toBe('Full Moon');
    expect(m.illumination).toBeGreaterThan(99.5);
    // 14 d 5 h 57 min = 14.248 days
    expect(m.ageInDays).toBeGreaterThanOrEqual(14.2);
    expect(m.ageInDays).toBeLessThanOrEqual(14.3);
  });

  it('at the eclipse new moon: dark, age zero, next is First Quarter', () => {
    const m = moonPhaseAt(new Date('2024-04-08T18:22:00Z'), 32.78, -96.8);
    expect(m.phaseName).toBe('New Moon');
    expect(m.illumination).toBeLessThan(0.5);
    expect(m.ageInDays).toBeLessThan(0.1);
    expect(m.nextPhaseName).toBe('First Quarter');
    // Totality over Dallas began 18:40 UT: the Moon stood high in the south-west sky with the Sun.
    expect(m.altitude).toBeGreaterThan(55);
    expect(m.azimuth).toBeGreaterThan(150);
    expect(m.azimuth).toBeLessThan(230);
    // Near perigee (April 7): a geocentric distance well under the mean 384,400 km.
    expect(m.distanceKm).toBeGreaterThan(356_000);
    expect(m.distanceKm).toBeLessThan(362_000);
  });

  it('gives the current pass: moonrise before moonset, on the horizon at those times', () => {
    const at = new Date('2024-01-20T00:00:00Z');
    const m = moonPhaseAt(at, NEW_YORK.latitude, NEW_YORK.longitude);
    expect(m.moonrise && m.moonset).toBeTruthy();
    expect(Date.parse(m.moonrise ?? '')).toBeLessThan(Date.parse(m.moonset ?? ''));
    const observer = new Observer(NEW_YORK.latitude, NEW_YORK.longitude, 0);
    for (const iso of [m.moonrise, m.moonset]) {
      const alt = moonPosition(new Date(iso ?? ''), observer).altitude;
      expect(Math.abs(alt)).toBeLessThan(1.5);
    }
    // The Moon was up at the instant (a waxing gibbous in the evening sky).
    expect(m.altitude).toBeGreaterThan(0);
    expect(Date.parse(m.moonrise ?? '')).toBeLessThan(at.getTime());
  });

  it('has no moonrise or moonset near the pole while the Moon stays up or down', () => {
    const at = new Date('2024-01-20T00:00:00Z');
    // The Moon stood about 20° north of the equator: circumpolar at 89.9° N, never up at 89.9° S.
    const north = moonPhaseAt(at, 89.9, 0);
    expect([north.moonrise, north.moonset, north.altitude > 0]).toEqual([null, null, true]);
    const south = moonPhaseAt(at, -89.9, 0);
    expect([south.moonrise, south.moonset, south.altitude < 0]).toEqual([null, null, true]);
  });
});

describe('phase names', () => {
  it('splits the elongation into eight 45° bins centred on the principal phases', () => {
    const cases: [number, string][] = [
      [0, 'New Moon'],
      [22.4, 'New Moon'],
      [22.5, 'Waxing Crescent'],
      [90, 'First Quarter'],
      [135, 'Waxing Gibbous'],
      [180, 'Full Moon'],
      [225, 'Waning Gibbous'],
      [270, 'Last Quarter'],
      [315, 'Waning Crescent'],
      [337.5, 'New Moon'],
      [359.9, 'New Moon'],
    ];
    for (const [angle, name] of cases) expect(phaseName(angle), String(angle)).toBe(name);
  });
});

describe('phase picture', () => {
  it('draws a dark disc at new moon and a full disc at full moon', () => {
    expect(moonSvg(0, true)).not.toContain('<path');
    expect(moonSvg(100, false)).toContain('<circle cx="50" cy="50" r="45" fill="#f4f1e6"/>');
  });

  it('lights the right limb while waxing and the left while waning', () => {
    expect(moonSvg(25, true)).toContain('A45,45 0 0 1 50,95');
    expect(moonSvg(25, false)).toContain('A45,45 0 0 0 50,95');
    // A half moon has a straight terminator.
    expect(moonSvg(50, true)).toContain('A0.00,45');
  });
});
