// A topic's sky events: the calendar's events whose words name the topic,
// read with the story matcher (fixed dates, astronomy-engine's own searches).
import { describe, expect, it } from 'vitest';
import { calendarEvents } from '../sky/events';
import { eventTopics, skyEventsAbout } from './sky-events';

const at = (iso: string) => Date.parse(iso);
const event = (title: string, from: string, to: string) => {
  const found = calendarEvents(at(from), at(to), null).find((e) => e.title === title);
  if (!found) throw new Error(`no "${title}" between ${from} and ${to}`);
  return found;
};

describe("a sky event's topics", () => {
  it.each([
    ['Mars at opposition', '2027-02-01', '2027-03-01', ['mars']],
    ['Total solar eclipse', '2026-08-01', '2026-09-01', ['sun', 'moon']],
    ['Full Moon', '2026-08-01', '2026-09-01', ['moon']],
    ['Orionids peak', '2026-10-01', '2026-11-01', ['halley']],
    ['December solstice', '2026-12-01', '2027-01-01', ['sun']],
    ['Perseids peak', '2026-08-01', '2026-09-01', []],
  ])('%s → %j', (title, from, to, topics) => {
    expect(eventTopics(event(title, from, to)).toSorted()).toEqual(topics.toSorted());
  });

  it("names both planets of a conjunction, from the title's words", () => {
    const conjunction = calendarEvents(at('2026-01-01'), at('2028-01-01'), null).find(
      (e) => e.kind === 'conjunction',
    );
    expect(conjunction).toBeDefined();
    const bodies = String(conjunction!.details.bodies).toLowerCase().split(', ');
    expect(eventTopics(conjunction!).toSorted()).toEqual(bodies.toSorted());
  });
});

describe("a topic's coming sky events", () => {
  const now = at('2026-11-26T12:00:00Z');

  it("finds Mars's opposition of February 2027 within the coming year, with its date", () => {
    const mars = skyEventsAbout('mars', now);
    expect(mars.map((e) => [e.title, e.at.slice(0, 10)])).toContainEqual([
      'Mars at opposition',
      '2027-02-19',
    ]);
    expect(mars.every((e) => Date.parse(e.at) >= now)).toBe(true);
  });

  it("lists the Sun's eclipses and seasons soonest first, and nothing for a topic no event names", () => {
    const sun = skyEventsAbout('sun', now);
    const titles = sun.map((e) => e.title);
    expect(titles).toContain('December solstice');
    expect(titles.some((t) => t.endsWith('solar eclipse'))).toBe(true);
    const times = sun.map((e) => e.at);
    expect(times).toEqual(times.toSorted());
    expect(skyEventsAbout('starlink', now)).toEqual([]);
  });

  it('drops the events of the day already past as the day goes on', () => {
    const morning = skyEventsAbout('moon', at('2026-11-24T00:00:00Z'));
    const first = morning[0];
    const later = skyEventsAbout('moon', Date.parse(first.endAt ?? first.at) + 1);
    expect(later.map((e) => e.id)).not.toContain(first.id);
  });
});
