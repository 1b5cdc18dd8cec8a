// An alert's words, composed when it is sent (so "in 58 minutes" is true then),
// in the user's time zone, with a link back into AstroDash.
import type { Countdown } from '../../shared/alerts';
import type { AlertPayload, LaunchInfo } from './triggers/types';

export const DIGEST_TITLES = 5;

export interface Composed {
  title: string;
  body: string;
  /** Path inside AstroDash the message links to. */
  path: string;
  tag: string;
}

const COUNTDOWN_LABEL: Record<Countdown, string> = {
  '24h': 'T−24 h',
  '1h': 'T−1 h',
  '10m': 'T−10 min',
};

const whenFormats = new Map<string, Intl.DateTimeFormat>();

/** "Tue 5 Mar, 14:00 CET" in the zone. */
export function formatWhen(at: number, timeZone: string): string {
  let f = whenFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    if (whenFormats.size < 512) whenFormats.set(timeZone, f);
  }
  return f.format(new Date(at)).replace(' at ', ', ');
}

/** "in 58 minutes", "in 1 hour 5 minutes", "23 minutes ago". */
export function relative(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const parts = [
    h > 0 && `${h} hour${h === 1 ? '' : 's'}`,
    (m > 0 || h === 0) && `${m} minute${m === 1 ? '' : 's'}`,
  ].filter(Boolean);
  const span = parts.join(' ');
  if (minutes === 0) return 'now';
  return ms >= 0 ? `in ${span}` : `${span} ago`;
}

const who = (l: LaunchInfo) => [l.provider, l.vehicle].filter(Boolean).join(' · ');

/** The digest's body: five titles and "+N more". */
export function digestBody(titles: string[], total: number): string {
  const shown = titles.slice(0, DIGEST_TITLES).map((t) => `• ${t}`);
  if (total > shown.length) shown.push(`+${total - shown.length} more`);
  return shown.join('\n');
}

export function compose(
  payload: AlertPayload,
  context: { alertId: number; now: number; timeZone: string },
): Composed {
  const { now, timeZone, alertId } = context;
  const when = (at: number) => formatWhen(at, timeZone);
  const own = { path: '/', tag: `alert-${alertId}` };
  switch (payload.type) {
    case 'launch': {
      const l = payload.launch;
      const base = { path: '/rocket-launches', tag: `launch-${l.id}` };
      switch (payload.event) {
        case 'countdown':
          return {
            ...base,
            tag: `launch-${l.id}-countdown`,
            title: `${COUNTDOWN_LABEL[payload.countdown]}: ${l.name}`,
            body: `${who(l)}. Liftoff ${l.net === null ? 'soon' : `${relative(l.net - now)}, ${when(l.net)}`}.`,
          };
        case 'moved':
          return {
            ...base,
            tag: `launch-${l.id}-moved`,
            title: `Launch moved: ${l.name}`,
            body: `Now no earlier than ${l.net === null ? 'a date to be set' : when(l.net)} (was ${when(payload.from)}).`,
          };
        case 'status': {
          const head = {
            hold: 'Launch on hold',
            scrubbed: 'Launch scrubbed',
            tbd: 'Launch date TBD',
          };
          return {
            ...base,
            title: `${head[payload.status]}: ${l.name}`,
            body: `${who(l)}. Countdown alerts wait for a new time.`,
          };
        }
        case 'liftoff':
          return { ...base, title: `Liftoff: ${l.name}`, body: `${who(l)} has lifted off.` };
        case 'outcome': {
          const head = {
            success: 'Launch successful',
            failure: 'Launch failed',
            'partial-failure': 'Launch partially failed',
          };
          return { ...base, title: `${head[payload.status]}: ${l.name}`, body: `${who(l)}.` };
        }
      }
      break;
    }
    case 'aurora':
      if (payload.event === 'ended')
        return {
          ...own,
          tag: 'aurora',
          title: 'Aurora alert over',
          body: 'The aurora has faded below your alert level, or it is getting light.',
        };
      return {
        ...own,
        tag: 'aurora',
        title:
          payload.tier === 'overhead' ? 'Aurora may be overhead now' : 'Aurora may be visible now',
        body:
          payload.tier === 'overhead'
            ? 'Aurora may be overhead at your place, and it is dark. Look up, away from lights.'
            : 'Aurora may be visible to the naked eye at your place, and it is dark. Look toward the pole, away from lights.',
      };
    case 'tonight':
      return {
        ...own,
        title: 'Tonight is Go for stargazing',
        body: payload.summary ?? 'Clear, dark skies are expected at your place tonight.',
      };
    case 'pass': {
      const p = payload.pass;
      const path =
        p.startDirection && p.endDirection ? `, ${p.startDirection} to ${p.endDirection}` : '';
      const mag = p.magnitude !== undefined ? `, magnitude ${p.magnitude.toFixed(1)}` : '';
      return {
        ...own,
        title: `${p.satellite} pass ${relative(p.start - now)}`,
        body: `Starts ${when(p.start)}; up to ${Math.round(p.maxElevation)}°${path}${mag}.`,
      };
    }
    case 'sky-event':
      return {
        ...own,
        title: `Today: ${payload.event.title}`,
        body: payload.event.description ?? `At ${when(payload.event.start)}.`,
      };
    case 'stories': {
      const matching = payload.query
        ? ` matching “${payload.query}”`
        : payload.topic
          ? ` about ${payload.topic}`
          : '';
      const path = `/alerts?alert=${alertId}`;
      if (payload.total === 1 && payload.items[0]) {
        const s = payload.items[0];
        return { path, tag: own.tag, title: s.title, body: `${s.source} · new story${matching}` };
      }
      return {
        path,
        tag: own.tag,
        title: `${payload.total} new stories${matching}`,
        body: digestBody(
          payload.items.map((s) => s.title),
          payload.total,
        ),
      };
    }
    case 'test':
      return {
        path: '/alerts',
        tag: 'astrodash-test',
        title: 'AstroDash test alert',
        body: `Alerts sent to “${payload.channelName}” arrive.`,
      };
  }
  return { ...own, title: 'AstroDash alert', body: '' };
}
