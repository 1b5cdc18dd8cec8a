// A launch as an iCalendar event (ical-generator): its UID is the launch's
// own id, so a calendar that imported it once moves the same event when the
// date changes (SEQUENCE counts the recorded changes, so clients take the
// newer copy). A NET precise to the hour is a timed event over the launch
// window; a day or coarser is an all-day event on the NET's date.
import ical, { ICalEventStatus } from 'ical-generator';
import { isTimePrecise, outcomeOf, precisionClass } from './history';
import { webcastsOf, type LaunchRow } from './repository';

const UID_DOMAIN = 'launches.astrodash';
const MIN_EVENT_MS = 60_000;

export const launchUid = (launchId: string) => `${launchId}@${UID_DOMAIN}`;

export function launchCalendar(row: LaunchRow, pageUrl: string | null, now: number): string {
  const calendar = ical({ name: 'AstroDash launches', prodId: '//AstroDash//Launches//EN' });
  const start = row.window_start ?? row.net ?? now;
  const timed = isTimePrecise(row.net_precision);
  const end = Math.max(row.window_end ?? start, start + MIN_EVENT_MS);
  const outcome = outcomeOf(row.status_id, row.status);
  const webcast = webcastsOf(row)[0]?.url ?? null;
  const description = [
    [row.provider, row.vehicle].filter(Boolean).join(' · '),
    row.status ? `Status: ${row.status}` : null,
    !timed && row.net_precision ? `NET precision: ${row.net_precision}` : null,
    webcast ? `Webcast: ${webcast}` : null,
    row.mission_description,
  ]
    .filter(Boolean)
    .join('\n');
  calendar.createEvent({
    id: launchUid(row.id),
    sequence: row.changes,
    stamp: new Date(now),
    lastModified: row.last_updated === null ? null : new Date(row.last_updated),
    start: new Date(timed ? start : (row.net ?? start)),
    end: timed ? new Date(end) : null,
    allDay: !timed,
    summary: `🚀 ${row.name}`,
    description,
    location: [row.pad, row.location].filter(Boolean).join(', ') || null,
    url: pageUrl ?? webcast,
    status:
      outcome === null && precisionClass(row.net_precision) > 2
        ? ICalEventStatus.TENTATIVE
        : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

/** A file name for the download: the launch's name in safe characters. */
export const calendarFileName = (row: LaunchRow) =>
  `${
    row.name
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 80) || 'launch'
  }.ics`;
