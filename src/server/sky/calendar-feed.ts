// The private iCal subscription: GET /calendar/<token>.ics, outside /_api/ so a
// calendar app follows it with no cookie; the token is the key (404 when unknown
// or revoked). It carries the sky events of the coming year at the owner's place
// and the launches in their feed, each with a UID that never changes: a sky
// event's from its kind and date, a launch's from its Launch Library id (so a
// launch that slips moves in the calendar instead of appearing twice).
import type { FastifyReply, FastifyRequest } from 'fastify';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { APP_ROUTES } from '../../shared/routes';
import type { AppContext } from '../context';
import { conditional } from '../http/conditional';
import { notFound } from '../http/errors';
import { publicOrigin } from '../http/host-guard';
import { calendarEvents, type CalendarEvent } from './events';
import { launchesBetween, type CalendarLaunch } from './launches-source';
import { observerOf } from './observer';
import { findFeedOwner, touchCalendarFeed } from './sky-repository';

const DAY = 86_400_000;
const TOKEN = /^([A-Za-z0-9_-]{43})\.ics$/;
const UID_DOMAIN = 'astrodash';

export const calendarFeedPath = (token: string) => `/calendar/${token}.ics`;

const detailLines = (e: CalendarEvent) =>
  Object.entries(e.details)
    .filter(([, v]) => v !== null && v !== '')
    .map(([k, v]) => `${k}: ${String(v)}`);

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
/** An eclipse spans its phases (as seen from the place when it is seen there); the rest are instants. */
const startOf = (e: CalendarEvent) => text(e.details.localBegins) ?? text(e.details.begins) ?? e.at;
const endOf = (e: CalendarEvent) => text(e.details.localEnds) ?? e.endAt ?? e.at;

export function renderCalendar(
  events: CalendarEvent[],
  launches: CalendarLaunch[],
  options: {
    url: string;
    placeName: string | null;
    stamp: Date;
    /** A launch's page in AstroDash (the Rocket Launches list, opened at it). */
    launchUrl: (id: string) => string;
  },
): string {
  const calendar = ical({
    name: 'AstroDash: Sky events and launches',
    description: options.placeName
      ? `Sky events seen from ${options.placeName}, and rocket launches`
      : 'Sky events and rocket launches',
    prodId: { company: 'AstroDash', product: 'sky-calendar', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    source: options.url,
    ttl: 6 * 3600,
  });
  for (const e of events) {
    calendar.createEvent({
      id: `${e.id}@${UID_DOMAIN}`,
      start: new Date(startOf(e)),
      end: new Date(endOf(e)),
      stamp: options.stamp,
      summary: e.title,
      description: [e.description, ...detailLines(e)].join('\n'),
      categories: [{ name: e.kind }],
    });
  }
  for (const l of launches) {
    calendar.createEvent({
      id: `launch-${l.id}@${UID_DOMAIN}`,
      start: new Date(l.at),
      end: new Date(l.windowEnd && l.windowEnd > l.at ? l.windowEnd : l.at),
      stamp: options.stamp,
      summary: `Launch: ${l.name}`,
      description: [l.provider, l.status && `Status: ${l.status}`, options.launchUrl(l.id)]
        .filter(Boolean)
        .join('\n'),
      location: [l.pad, l.location].filter(Boolean).join(', ') || null,
      url: options.launchUrl(l.id),
      categories: [{ name: 'launch' }],
    });
  }
  return calendar.toString();
}

export function calendarFeedServer(ctx: AppContext) {
  return async function serveCalendar(request: FastifyRequest, reply: FastifyReply) {
    const match = TOKEN.exec((request.params as { file?: string }).file ?? '');
    const owner = match ? await findFeedOwner(ctx.db, match[1]) : undefined;
    if (!match || !owner) throw notFound('Calendar not found');
    const now = Date.now();
    const place = observerOf(owner);
    const events = calendarEvents(now - 30 * DAY, now + 365 * DAY, place);
    const launches = await launchesBetween(ctx.db, now - 7 * DAY, now + 365 * DAY);
    const origin = publicOrigin(ctx.config, request);
    const body = renderCalendar(events, launches, {
      url: `${origin}${calendarFeedPath(match[1])}`,
      launchUrl: (id) => `${origin}${APP_ROUTES.rocketLaunches}?launch=${encodeURIComponent(id)}`,
      placeName: place?.name ?? null,
      // Stamped by the day, so an unchanged calendar keeps its ETag all day.
      stamp: new Date(Math.floor(now / DAY) * DAY),
    });
    // At most one write a minute, however often a calendar app polls.
    if (owner.feed_last_used_at === null || now - owner.feed_last_used_at > 60_000)
      await touchCalendarFeed(ctx.db, owner.id, now);
    reply.header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex, nofollow');
    return conditional(request, reply, body, 'text/calendar; charset=utf-8');
  };
}
