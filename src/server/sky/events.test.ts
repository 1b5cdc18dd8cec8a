// The calendar against published values: USNO's Moon phases for 2030 (as
// recorded in astronomy-engine's own test data) within a minute, NASA's eclipse
// catalogues (Espenak) for 2026–2030: the same dates and kinds, and the times of
// greatest eclipse within a minute. Also each year's shape: the equinoxes and
// solstices, the meteor-shower peaks on their IMO dates, stable ids.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  Observer,
  SearchGlobalSolarEclipse,
  SearchLunarEclipse,
  SearchMoonQuarter,
} from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import { calendarEvents } from './events';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/sky');
const lines = (name: string) =>
  readFileSync(path.join(FIXTURES, name), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'));
const MONTHS = 'JanFebMarAprMayJunJulAugSepOctNovDec';
const nasaTime = (y: string, mon: string, d: string, hm: string) => {
  const [h, m, s = '0'] = hm.split(':');
  return Date.UTC(+y, MONTHS.indexOf(mon) / 3, +d, +h, +m, +s);
};
const Y2026 = Date.UTC(2026, 0, 1);
const Y2031 = Date.UTC(2031, 0, 1);
const QUARTER_TITLES = ['New Moon', 'First Quarter', 'Full Moon', 'Last Quarter'];

describe('sky-events calendar against published values', () => {
  it("matches astronomy-engine's quarter searches to the second and USNO's 2030 quarters", () => {
    const usno = lines('usno-moon-phases-2030.txt').map((l) => {
      const [q, at] = l.split(' ');
      return { title: QUARTER_TITLES[+q], at: Date.parse(at) };
    });
    const mine = calendarEvents(Date.UTC(2030, 0, 1), Date.UTC(2031, 0, 1), null).filter(
      (e) => e.kind === 'moon-phase',
    );
    expect(mine.map((e) => e.title)).toEqual(usno.map((u) => u.title));
    // USNO publishes the minute (±30 s of rounding): within a minute beyond it.
    mine.forEach((e, i) =>
      expect(Math.abs(Date.parse(e.at) - usno[i].at)).toBeLessThanOrEqual(90_000),
    );
    // Each is astronomy-engine's reference search from just before it, to the second.
    for (const e of mine) {
      const q = SearchMoonQuarter(new Date(Date.parse(e.at) - 3_600_000));
      expect(QUARTER_TITLES[q.quarter]).toBe(e.title);
      expect(Math.abs(Date.parse(e.at) - q.time.date.getTime())).toBeLessThan(1000);
    }
  });

  it("lists NASA's lunar eclipses of 2026–2030 on their dates, greatest eclipse within a minute", () => {
    // ("Ne" and "T-" are NASA's marks for a penumbral eclipse at the edge and a short total one.)
    const nasa = lines('nasa-lunar-eclipses.txt')
      .map((l) => l.split(' '))
      .map(([y, mon, d, hm, type]) => ({ at: nasaTime(y, mon, d, hm), type: type[0] }));
    const mine = calendarEvents(Y2026, Y2031, null).filter((e) => e.kind === 'lunar-eclipse');
    expect(mine.map((e) => e.at.slice(0, 10))).toEqual(
      nasa.map((n) => new Date(n.at).toISOString().slice(0, 10)),
    );
    const kinds = { T: 'total', P: 'partial', N: 'penumbral' } as Record<string, string>;
    mine.forEach((e, i) => {
      expect(e.details.eclipseKind).toBe(kinds[nasa[i].type]);
      // NASA gives the minute: within a minute of it, rounding included.
      expect(Math.abs(Date.parse(e.at) - nasa[i].at)).toBeLessThanOrEqual(90_000);
    });
    const first = SearchLunarEclipse(new Date(Y2026)).peak.date.getTime();
    expect(Math.abs(Date.parse(mine[0].at) - first)).toBeLessThan(1000);
  });

  it("lists NASA's solar eclipses of 2026–2030 on their dates, greatest eclipse within a minute", () => {
    const nasa = lines('nasa-solar-eclipses.txt').map((l) => {
      const [y, mon, d, hms, deltaT, type] = l.split(' ');
      // NASA gives Terrestrial Time: Universal Time is ΔT seconds earlier.
      return { at: nasaTime(y, mon, d, hms) - Number(deltaT) * 1000, type };
    });
    const mine = calendarEvents(Y2026, Y2031, null).filter((e) => e.kind === 'solar-eclipse');
    expect(mine.map((e) => e.at.slice(0, 10))).toEqual(
      nasa.map((n) => new Date(n.at).toISOString().slice(0, 10)),
    );
    const kinds = { T: 'total', A: 'annular', P: 'partial', H: 'hybrid' } as Record<string, string>;
    mine.forEach((e, i) => {
      expect(e.details.eclipseKind).toBe(kinds[nasa[i].type]);
      expect(Math.abs(Date.parse(e.at) - nasa[i].at)).toBeLessThanOrEqual(60_000);
    });
    const first = SearchGlobalSolarEclipse(new Date(Y2026)).peak.date.getTime();
    expect(Math.abs(Date.parse(mine[0].at) - first)).toBeLessThan(1000);
  });

  it('says from where a solar eclipse is seen: 12 Aug 2026 from Reykjavik, not from Sydney', () => {
    const window = [Date.UTC(2026, 7, 1), Date.UTC(2026, 8, 1)] as const;
    const at = (latitude: number, longitude: number) =>
      calendarEvents(...window, { latitude, longitude }).find((e) => e.kind === 'solar-eclipse')!;
    const reykjavik = at(64.15, -21.94);
    expect(reykjavik.details).toMatchObject({ visibleHere: true, localKind: 'total' });
    expect(at(-33.87, 151.21).details.visibleHere).toBe(false);
    // The shared event is untouched by the local one.
    expect(
      calendarEvents(...window, null).find((e) => e.kind === 'solar-eclipse')!.details,
    ).not.toHaveProperty('visibleHere');
    void Observer;
  });

  it('holds a year of seasons, showers, oppositions and conjunctions under 2°, with stable ids', () => {
    const year = calendarEvents(Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1), null);
    const titles = (kind: string) => year.filter((e) => e.kind === kind).map((e) => e.title);
    expect(titles('season')).toEqual([
      'March equinox',
      'June solstice',
      'September equinox',
      'December solstice',
    ]);
    const showers = year.filter((e) => e.kind === 'meteor-shower');
    expect(showers).toHaveLength(10);
    const day = (name: string) => showers.find((e) => e.title.startsWith(name))!.at.slice(0, 10);
    // IMO 2026: Perseids 12–13 August, Geminids 14 December, Quadrantids 3 January.
    expect(['2026-08-12', '2026-08-13']).toContain(day('Perseids'));
    expect(day('Geminids')).toBe('2026-12-14');
    expect(day('Quadrantids')).toBe('2026-01-03');
    // Oppositions on their published dates (Sky & Telescope, NASA): Jupiter 10 January,
    // Neptune 26 September, Saturn 4 October, Uranus 25 November 2026.
    expect(
      year.filter((e) => e.kind === 'opposition').map((e) => [e.title, e.at.slice(0, 10)]),
    ).toEqual([
      ['Jupiter at opposition', '2026-01-10'],
      ['Neptune at opposition', '2026-09-26'],
      ['Saturn at opposition', '2026-10-04'],
      ['Uranus at opposition', '2026-11-25'],
    ]);
    // Venus and Jupiter meet 1.6° apart on 9 June 2026.
    const vj = year.find((e) => e.id.startsWith('conjunction-venus-jupiter'))!;
    expect(vj.at.slice(0, 10)).toBe('2026-06-09');
    for (const c of year.filter((e) => e.kind === 'conjunction'))
      expect(Number(c.details.separation)).toBeLessThan(2);
    expect(new Set(year.map((e) => e.id)).size).toBe(year.length);
    // The same events, asked for a different span, keep their ids.
    const june = calendarEvents(Date.UTC(2026, 5, 1), Date.UTC(2026, 6, 1), null);
    expect(june.map((e) => e.id)).toEqual(
      year.filter((e) => e.at.startsWith('2026-06')).map((e) => e.id),
    );
  });
});
