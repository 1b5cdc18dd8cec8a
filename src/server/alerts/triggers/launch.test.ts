import { describe, expect, it } from 'vitest';
import { triggerSchema, type TriggerOf } from '../../../shared/alerts';
import { countdownStale, launchChanges, launchRuleWants, type LaunchMemory } from './launch';
import type { LaunchSnapshot } from './types';

const H = 3_600_000;
const M = 60_000;
const T0 = Date.UTC(2025, 2, 10, 12, 0);

const launch = (over: Partial<LaunchSnapshot> = {}): LaunchSnapshot => ({
  id: 'l1',
  name: 'Falcon 9 Block 5 | Starlink Group 10-1',
  net: T0 + 30 * H,
  status: 'go',
  provider: 'SpaceX',
  vehicle: 'Falcon 9 Block 5',
  ...over,
});
const memoryOf = (l: LaunchSnapshot, epoch = 0): LaunchMemory => ({
  net: l.net,
  status: l.status,
  epoch,
});
const trigger = (over: object) =>
  triggerSchema.parse({ kind: 'launch', ...over }) as TriggerOf<'launch'>;

describe('launch changes', () => {
  it('schedules T−24 h, T−1 h and T−10 min before the NET of a launch seen for the first time', () => {
    const { intents, cancel } = launchChanges(undefined, launch(), T0);
    expect(cancel).toEqual([]);
    expect(intents.map((i) => [i.countdown, i.dueAt - T0])).toEqual([
      ['24h', 6 * H],
      ['1h', 29 * H],
      ['10m', 30 * H - 10 * M],
    ]);
    expect(intents.find((i) => i.countdown === '10m')?.nowEvent).toBe(true);
  });

  it('skips countdowns already past, but sends one that fell due within the last minute', () => {
    const l = launch({ net: T0 + 60 * M - 30_000 });
    expect(launchChanges(undefined, l, T0).intents.map((i) => i.countdown)).toEqual(['1h', '10m']);
    expect(
      launchChanges(undefined, launch({ net: T0 + 50 * M }), T0).intents.map((i) => i.countdown),
    ).toEqual(['10m']);
  });

  it('a NET move of 15 minutes or more replaces the countdowns and sends one "moved" notice', () => {
    const before = launch();
    const after = launch({ net: before.net! + 2 * H });
    const first = launchChanges(undefined, before, T0);
    const { intents, cancel, memory } = launchChanges(first.memory, after, T0);
    expect(cancel.map((c) => c.group)).toEqual(['launch:l1:moved']);
    // The countdowns of the old NET no longer apply when they fall due; the new ones do.
    for (const old of first.intents)
      expect(countdownStale(memory, old.key)).toBe('Replaced: the launch time changed');
    for (const fresh of intents.filter((i) => i.event === 'countdown'))
      expect(countdownStale(memory, fresh.key)).toBeNull();
    expect(intents.filter((i) => i.event === 'countdown').map((i) => i.dueAt)).toEqual([
      after.net! - 24 * H,
      after.net! - H,
      after.net! - 10 * M,
    ]);
    const moved = intents.filter((i) => i.event === 'moved');
    expect(moved).toHaveLength(1);
    expect(moved[0].payload).toMatchObject({ from: before.net, launch: { net: after.net } });
    expect(memory).toEqual({ net: after.net, status: 'go', epoch: 0 });
  });

  it('a small move keeps the countdowns on the current NET without a notice', () => {
    const before = launch();
    const { intents } = launchChanges(memoryOf(before), launch({ net: before.net! + 14 * M }), T0);
    expect(intents.map((i) => i.event)).toEqual(['countdown', 'countdown', 'countdown']);
  });

  it('a hold cancels the countdowns and alerts once; back to Go counts down afresh', () => {
    const go = launch();
    const first = launchChanges(undefined, go, T0);
    const hold = launchChanges(first.memory, launch({ status: 'hold' }), T0);
    expect(countdownStale(hold.memory, first.intents[0].key)).toBe(
      'Cancelled: the launch is on hold',
    );
    expect(hold.intents.map((i) => i.event)).toEqual(['status']);
    const again = launchChanges(hold.memory, launch({ status: 'hold' }), T0 + M);
    expect(again.intents).toEqual([]);
    const resumed = launchChanges(hold.memory, go, T0 + 2 * M);
    expect(resumed.memory.epoch).toBe(1);
    const keys = resumed.intents.map((i) => i.key);
    expect(keys).toHaveLength(3);
    // New identities: the countdowns cancelled by the hold do not block these.
    for (const key of keys)
      expect(launchChanges(undefined, go, T0).intents.map((i) => i.key)).not.toContain(key);
  });

  it('scrub and TBD are status alerts too; liftoff and outcome come once each', () => {
    expect(
      launchChanges(memoryOf(launch()), launch({ status: 'scrubbed' }), T0).intents[0].payload,
    ).toMatchObject({ status: 'scrubbed' });
    expect(
      launchChanges(memoryOf(launch()), launch({ status: 'tbd', net: null }), T0).intents[0]
        .payload,
    ).toMatchObject({ status: 'tbd' });
    const lifted = launchChanges(memoryOf(launch()), launch({ status: 'in-flight' }), T0);
    expect(lifted.intents.map((i) => [i.event, i.nowEvent])).toEqual([['liftoff', true]]);
    const countdown = launchChanges(undefined, launch(), T0).intents[2];
    expect(countdownStale(lifted.memory, countdown.key)).toBe(
      'Cancelled: the launch has lifted off',
    );
    const done = launchChanges(lifted.memory, launch({ status: 'success' }), T0 + 10 * M);
    expect(done.intents.map((i) => i.key)).toEqual(['launch:l1:outcome']);
    expect(launchChanges(done.memory, launch({ status: 'success' }), T0 + 20 * M).intents).toEqual(
      [],
    );
  });
});

describe('which launch rules want an event', () => {
  const [countdown1h] = launchChanges(undefined, launch(), T0).intents.filter(
    (i) => i.countdown === '1h',
  );
  it('matches every launch, a provider or a vehicle by name, or followed launches', () => {
    const l = launch();
    expect(launchRuleWants(trigger({ before: ['1h'] }), countdown1h, l, false)).toBe(true);
    expect(launchRuleWants(trigger({ before: ['24h'] }), countdown1h, l, false)).toBe(false);
    expect(
      launchRuleWants(
        trigger({ scope: 'provider', provider: 'spacex', before: ['1h'] }),
        countdown1h,
        l,
        false,
      ),
    ).toBe(true);
    expect(
      launchRuleWants(
        trigger({ scope: 'provider', provider: 'Rocket Lab', before: ['1h'] }),
        countdown1h,
        l,
        false,
      ),
    ).toBe(false);
    expect(
      launchRuleWants(
        trigger({ scope: 'vehicle', vehicle: 'Falcon 9', before: ['1h'] }),
        countdown1h,
        l,
        false,
      ),
    ).toBe(true);
    expect(
      launchRuleWants(trigger({ scope: 'followed', before: ['1h'] }), countdown1h, l, false),
    ).toBe(false);
    expect(
      launchRuleWants(trigger({ scope: 'followed', before: ['1h'] }), countdown1h, l, true),
    ).toBe(true);
  });

  it('refuses a rule with nothing to alert on, or a provider scope without a provider', () => {
    expect(triggerSchema.safeParse({ kind: 'launch' }).error?.issues[0].message).toBe(
      'Choose at least one launch event',
    );
    expect(
      triggerSchema.safeParse({ kind: 'launch', scope: 'provider', liftoff: true }).error?.issues[0]
        .message,
    ).toBe('Enter the launch provider, e.g. SpaceX');
  });
});
