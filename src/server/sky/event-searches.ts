// The calendar's searches, one per kind of event, each over a span of time with
// astronomy-engine (offline, deterministic): Moon phases, equinoxes and
// solstices, lunar and solar eclipses, planetary conjunctions under 2°,
// oppositions and the major meteor-shower peaks. Local circumstances (a solar
// eclipse from the user's place, the Moon's altitude at a lunar eclipse) are
// separate, so the rest is computed once for everyone.
import {
  AngleBetween,
  AngleFromSun,
  Body,
  Ecliptic,
  EclipseKind,
  Equator,
  GeoVector,
  Horizon,
  Illumination,
  MakeTime,
  NextGlobalSolarEclipse,
  NextLunarEclipse,
  NextMoonQuarter,
  Search,
  SearchGlobalSolarEclipse,
  SearchLocalSolarEclipse,
  SearchLunarEclipse,
  SearchMoonQuarter,
  SearchRelativeLongitude,
  Seasons,
  type Observer,
  type Vector,
} from 'astronomy-engine';
import type { SkyEvent } from '../../shared/sky-calendar';
import { MAJOR_METEOR_SHOWERS } from './meteor-showers';

const DAY = 86_400_000;
const MINUTE = 60_000;

/** An event before stories and verdicts are attached. */
export type CalendarEvent = Omit<SkyEvent, 'stories' | 'verdict'>;

const dateKey = (t: number) => new Date(t).toISOString().slice(0, 10);
const iso = (t: number) => new Date(Math.round(t / 1000) * 1000).toISOString();
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

const QUARTERS = ['New Moon', 'First Quarter', 'Full Moon', 'Last Quarter'] as const;

export function moonPhases(from: number, to: number): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  for (
    let q = SearchMoonQuarter(new Date(from));
    q.time.date.getTime() < to;
    q = NextMoonQuarter(q)
  ) {
    const t = q.time.date.getTime();
    const title = QUARTERS[q.quarter];
    events.push({
      id: `${slug(title)}-${dateKey(t)}`,
      kind: 'moon-phase',
      title,
      at: iso(t),
      description:
        q.quarter === 0
          ? 'No Moon in the sky tonight: the darkest nights of the month for faint galaxies and nebulae.'
          : q.quarter === 2
            ? 'The Moon is up all night and washes out faint objects; a night for the Moon itself.'
            : `The Moon is half lit${q.quarter === 1 ? ' in the evening sky' : ', rising after midnight'}.`,
      details: { quarter: q.quarter },
    });
  }
  return events;
}

const SEASON_NAMES = {
  mar_equinox: 'March equinox',
  jun_solstice: 'June solstice',
  sep_equinox: 'September equinox',
  dec_solstice: 'December solstice',
} as const;

export function seasons(from: number, to: number): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  for (let year = new Date(from).getUTCFullYear(); year <= new Date(to).getUTCFullYear(); year++) {
    // The equinoxes and solstices fall on the 19th to the 23rd of their months.
    if (![2, 5, 8, 11].some((m) => Date.UTC(year, m, 25) > from && Date.UTC(year, m, 15) < to))
      continue;
    const info = Seasons(year);
    for (const key of Object.keys(SEASON_NAMES) as (keyof typeof SEASON_NAMES)[]) {
      const t = info[key].date.getTime();
      if (t < from || t >= to) continue;
      const title = SEASON_NAMES[key];
      events.push({
        id: `${slug(title)}-${dateKey(t)}`,
        kind: 'season',
        title,
        at: iso(t),
        description: key.endsWith('equinox')
          ? 'Day and night are about equally long everywhere.'
          : 'The Sun reaches its farthest point north or south: the longest and the shortest day.',
        details: {},
      });
    }
  }
  return events;
}

const ECLIPSE_KIND = {
  penumbral: 'Penumbral',
  partial: 'Partial',
  annular: 'Annular',
  total: 'Total',
} as const;

export function lunarEclipses(from: number, to: number): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  for (
    let e = SearchLunarEclipse(new Date(from));
    e.peak.date.getTime() < to;
    e = NextLunarEclipse(e.peak)
  ) {
    const t = e.peak.date.getTime();
    const kind = ECLIPSE_KIND[e.kind as keyof typeof ECLIPSE_KIND] ?? 'Lunar';
    events.push({
      id: `lunar-eclipse-${dateKey(t)}`,
      kind: 'lunar-eclipse',
      title: `${kind} lunar eclipse`,
      at: iso(t),
      endAt: iso(t + e.sd_penum * MINUTE),
      description:
        e.kind === EclipseKind.Total
          ? `The Moon turns red in the Earth's shadow for ${Math.round(2 * e.sd_total)} minutes, wherever it is above the horizon.`
          : e.kind === EclipseKind.Partial
            ? "Part of the Moon passes through the Earth's shadow, wherever it is above the horizon."
            : "The Moon dims slightly in the Earth's outer shadow: hard to notice.",
      details: {
        eclipseKind: e.kind,
        begins: iso(t - e.sd_penum * MINUTE),
        totalMinutes: Math.round(2 * e.sd_total),
        partialMinutes: Math.round(2 * e.sd_partial),
        obscuration: round(e.obscuration * 100),
      },
    });
  }
  return events;
}

export function solarEclipses(from: number, to: number): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  for (
    let e = SearchGlobalSolarEclipse(new Date(from));
    e.peak.date.getTime() < to;
    e = NextGlobalSolarEclipse(e.peak)
  ) {
    const t = e.peak.date.getTime();
    const kind = ECLIPSE_KIND[e.kind as keyof typeof ECLIPSE_KIND] ?? 'Solar';
    events.push({
      id: `solar-eclipse-${dateKey(t)}`,
      kind: 'solar-eclipse',
      title: `${kind} solar eclipse`,
      at: iso(t),
      description: 'Only seen along its path: see whether it reaches your place.',
      details: {
        eclipseKind: e.kind,
        pathLatitude: e.latitude === undefined ? null : round(e.latitude),
        pathLongitude: e.longitude === undefined ? null : round(e.longitude),
      },
    });
  }
  return events;
}

/** A solar eclipse seen from a place: whether it is up, how much of the Sun is covered, when. */
export function localSolarEclipse(event: CalendarEvent, place: Observer): CalendarEvent {
  const peak = Date.parse(event.at);
  const local = SearchLocalSolarEclipse(new Date(peak - 2 * DAY), place);
  const localPeak = local.peak.time.date.getTime();
  const same = Math.abs(localPeak - peak) < DAY;
  const up =
    same && [local.partial_begin, local.peak, local.partial_end].some((p) => p.altitude > 0);
  if (!up) {
    return {
      ...event,
      description: 'Not visible from your place: the Moon’s shadow misses it.',
      details: { ...event.details, visibleHere: false },
    };
  }
  const covered = round(local.obscuration * 100);
  return {
    ...event,
    description: `Visible from your place: ${covered}% of the Sun covered at the peak${local.peak.altitude > 0 ? '' : ', though the Sun is below the horizon then'}. Never look at the Sun without eclipse glasses.`,
    details: {
      ...event.details,
      visibleHere: true,
      localKind: local.kind,
      obscuration: covered,
      localBegins: iso(local.partial_begin.time.date.getTime()),
      localPeak: iso(localPeak),
      localEnds: iso(local.partial_end.time.date.getTime()),
      sunAltitudeAtPeak: round(local.peak.altitude),
    },
  };
}

/** A lunar eclipse seen from a place: the Moon's altitude at its peak. */
export function localLunarEclipse(event: CalendarEvent, place: Observer): CalendarEvent {
  const t = new Date(event.at);
  const eq = Equator(Body.Moon, t, place, true, true);
  const altitude = round(Horizon(t, place, eq.ra, eq.dec, 'normal').altitude);
  return {
    ...event,
    description:
      altitude > 0
        ? `${event.description} At the peak the Moon stands ${altitude}° above your horizon.`
        : `${event.description} At the peak the Moon is below your horizon.`,
    details: { ...event.details, visibleHere: altitude > 0, moonAltitudeAtPeak: altitude },
  };
}

const PLANETS = [Body.Mercury, Body.Venus, Body.Mars, Body.Jupiter, Body.Saturn] as const;
const CONJUNCTION_DEGREES = 2;
/** Closer to the Sun than this, a pair is lost in its glare. */
const GLARE_DEGREES = 12;

export function conjunctions(from: number, to: number): CalendarEvent[] {
  const days = Math.ceil((to - from) / DAY) + 2;
  const start = from - DAY;
  const vectors = PLANETS.map((body) =>
    Array.from({ length: days }, (_, i) => GeoVector(body, new Date(start + i * DAY), true)),
  );
  const events: CalendarEvent[] = [];
  for (let a = 0; a < PLANETS.length; a++) {
    for (let b = a + 1; b < PLANETS.length; b++) {
      const sep = (i: number) => AngleBetween(vectors[a][i], vectors[b][i]);
      for (let i = 1; i < days - 1; i++) {
        const s = sep(i);
        if (s > CONJUNCTION_DEGREES + 1.5 || s > sep(i - 1) || s > sep(i + 1)) continue;
        const at = closest(PLANETS[a], PLANETS[b], start + (i - 1) * DAY, start + (i + 1) * DAY);
        const angle = separation(PLANETS[a], PLANETS[b], at);
        if (at < from || at >= to || angle >= CONJUNCTION_DEGREES) continue;
        const elongation = Math.min(
          AngleFromSun(PLANETS[a], new Date(at)),
          AngleFromSun(PLANETS[b], new Date(at)),
        );
        if (elongation < GLARE_DEGREES) continue;
        const [p, q] = [PLANETS[a], PLANETS[b]];
        events.push({
          id: `conjunction-${slug(p)}-${slug(q)}-${dateKey(at)}`,
          kind: 'conjunction',
          title: `${p} and ${q} ${round(angle)}° apart`,
          at: iso(at),
          description: `${p} and ${q} appear side by side, ${round(angle)}° apart, ${Math.round(elongation)}° from the Sun.`,
          details: {
            bodies: `${p}, ${q}`,
            separation: round(angle, 2),
            elongation: Math.round(elongation),
          },
        });
      }
    }
  }
  return events;
}

const separation = (a: Body, b: Body, t: number) =>
  AngleBetween(GeoVector(a, new Date(t), true), GeoVector(b, new Date(t), true));

/** The moment of least separation in [lo, hi], to a minute (golden-section search). */
function closest(a: Body, b: Body, lo: number, hi: number): number {
  const g = (Math.sqrt(5) - 1) / 2;
  let c = hi - g * (hi - lo);
  let d = lo + g * (hi - lo);
  let fc = separation(a, b, c);
  let fd = separation(a, b, d);
  while (hi - lo > MINUTE) {
    if (fc < fd) {
      hi = d;
      d = c;
      fd = fc;
      c = hi - g * (hi - lo);
      fc = separation(a, b, c);
    } else {
      lo = c;
      c = d;
      fc = fd;
      d = lo + g * (hi - lo);
      fd = separation(a, b, d);
    }
  }
  return (lo + hi) / 2;
}

const OUTER = [Body.Mars, Body.Jupiter, Body.Saturn, Body.Uranus, Body.Neptune] as const;

export function oppositions(from: number, to: number): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  for (const body of OUTER) {
    for (let t = SearchRelativeLongitude(body, 0, new Date(from)); t.date.getTime() < to;) {
      const at = t.date.getTime();
      events.push({
        id: `opposition-${slug(body)}-${dateKey(at)}`,
        kind: 'opposition',
        title: `${body} at opposition`,
        at: iso(at),
        description: `${body} is opposite the Sun: up all night, at its closest and brightest of the year.`,
        details: { body },
      });
      t = SearchRelativeLongitude(body, 0, new Date(at + 30 * DAY));
    }
  }
  return events;
}

/** The Sun's geocentric ecliptic longitude on the J2000.0 ecliptic, degrees. */
function sunLongitudeJ2000(t: Date): number {
  const v: Vector = GeoVector(Body.Sun, t, true);
  return Ecliptic(v).elon;
}

export function meteorShowers(from: number, to: number): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  for (let year = new Date(from).getUTCFullYear(); year <= new Date(to).getUTCFullYear(); year++) {
    for (const shower of MAJOR_METEOR_SHOWERS) {
      const near = Date.UTC(year, shower.near[0] - 1, shower.near[1]);
      // The peak falls within days of its usual date: search only showers near the span.
      if (near < from - 10 * DAY || near > to + 10 * DAY) continue;
      const diff = (t: { date: Date }) =>
        ((sunLongitudeJ2000(t.date) - shower.peakSolarLongitude + 540) % 360) - 180;
      const found = Search(
        diff,
        MakeTime(new Date(near - 6 * DAY)),
        MakeTime(new Date(near + 6 * DAY)),
        {
          dt_tolerance_seconds: 60,
        },
      );
      if (!found) continue;
      const at = found.date.getTime();
      if (at < from || at >= to) continue;
      const [[m1, d1], [m2, d2]] = shower.active;
      const activeFrom = Date.UTC(m1 > shower.near[0] ? year - 1 : year, m1 - 1, d1);
      const activeTo = Date.UTC(m2 < shower.near[0] ? year + 1 : year, m2 - 1, d2);
      const moon = Math.round(Illumination(Body.Moon, new Date(at)).phase_fraction * 100);
      events.push({
        id: `meteor-shower-${slug(shower.name)}-${dateKey(at)}`,
        kind: 'meteor-shower',
        title: `${shower.name} peak`,
        at: iso(at),
        description: `Up to ${shower.zhr} meteors an hour under a perfectly dark sky; the Moon is ${moon}% lit${moon > 50 ? ' and will wash out the fainter ones' : ''}.`,
        details: {
          zhr: shower.zhr,
          moonIllumination: moon,
          activeFrom: dateKey(activeFrom),
          activeTo: dateKey(activeTo),
          radiant: `RA ${shower.radiantRa}°, Dec ${shower.radiantDec > 0 ? '+' : ''}${shower.radiantDec}°`,
          speedKmS: shower.speed,
          parent: shower.parent,
          source: 'IMO Working List of Visual Meteor Showers',
        },
      });
    }
  }
  return events;
}
