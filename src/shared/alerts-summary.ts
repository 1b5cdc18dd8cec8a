// A rule in plain words: "Tell me 1 hour before any SpaceX launch, by push and
// e-mail". The server sends it with each rule; the page previews it while editing.
import type { ChannelKind, Countdown, Trigger, TriggerOf } from './alerts';

const COUNTDOWN_WORDS: Record<Countdown, string> = {
  '24h': '24 hours',
  '1h': '1 hour',
  '10m': '10 minutes',
};
const CHANNEL_WORDS: Record<ChannelKind, string> = {
  push: 'push',
  ntfy: 'ntfy',
  webhook: 'webhook',
  email: 'e-mail',
};

/** "a", "a and b", "a, b and c". */
export function joinAnd(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

const quoted = (text: string) => `“${text}”`;

function launchSubject(t: TriggerOf<'launch'>): string {
  switch (t.scope) {
    case 'provider':
      return `any ${t.provider} launch`;
    case 'vehicle':
      return `any ${t.vehicle} launch`;
    case 'followed':
      return 'a launch I follow';
    case 'all':
      return 'any launch';
  }
}

function launchSummary(t: TriggerOf<'launch'>): string {
  const subject = launchSubject(t);
  const events = [
    t.moved && 'moves by 15 minutes or more',
    t.holds && 'is held, scrubbed or set to TBD',
    t.liftoff && 'lifts off',
    t.outcome && 'succeeds or fails',
  ].filter((e): e is string => Boolean(e));
  const countdowns = joinAnd(t.before.map((c) => COUNTDOWN_WORDS[c]));
  if (events.length === 0) return `Tell me ${countdowns} before ${subject}`;
  if (!countdowns) return `Tell me when ${subject} ${joinAnd(events)}`;
  return `Tell me ${countdowns} before ${subject}, and when it ${joinAnd(events)}`;
}

export interface SummaryNames {
  /** Source names by id, for a stories rule limited to sources. */
  sourceName?: (id: number) => string | undefined;
}

export function triggerSummary(trigger: Trigger, names: SummaryNames = {}): string {
  switch (trigger.kind) {
    case 'launch':
      return launchSummary(trigger);
    case 'aurora':
      return trigger.minTier === 'overhead'
        ? 'Tell me when aurora may be overhead at my place, while it is dark'
        : 'Tell me when aurora may be visible to the naked eye at my place, while it is dark';
    case 'tonight':
      return `Tell me by ${trigger.at} when tonight is Go for stargazing`;
    case 'pass':
      return 'Tell me an hour before a visible ISS pass';
    case 'sky-event':
      return `Tell me at ${trigger.at} about sky events happening today`;
    case 'stories': {
      const what = [
        trigger.query && `matching ${quoted(trigger.query)}`,
        trigger.topic && `about ${trigger.topic}`,
      ].filter(Boolean);
      const sources = (trigger.sourceIds ?? []).map(
        (id) => names.sourceName?.(id) ?? `source ${id}`,
      );
      const from =
        sources.length === 0
          ? ''
          : sources.length <= 3
            ? ` from ${joinAnd(sources)}`
            : ` from ${sources.slice(0, 2).join(', ')} and ${sources.length - 2} more sources`;
      if (what.length === 0) return `Tell me about every new story${from}`;
      return `Tell me about new stories ${what.join(' ')}${from}`;
    }
  }
}

export function ruleSummary(
  trigger: Trigger,
  channelKinds: ChannelKind[],
  names: SummaryNames = {},
): string {
  const kinds = [...new Set(channelKinds)].map((k) => CHANNEL_WORDS[k]);
  const by = kinds.length > 0 ? `, by ${joinAnd(kinds)}` : ' (no channel chosen)';
  return `${triggerSummary(trigger, names)}${by}`;
}
