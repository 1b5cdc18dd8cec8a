import { describe, expect, it } from 'vitest';
import type { TriggerOf } from '../../../shared/alerts';
import { instantAtLocal } from '../../local-time';
import {
  auroraStep,
  freshAuroraMemory,
  passIntents,
  skyEventIntents,
  tonightIntent,
  type AuroraMemory,
} from './sky';
import type { AuroraState } from './types';

const H = 3_600_000;
const M = 60_000;
const ZONE = 'America/Anchorage';
const at = (date: string, hhmm: string) =>
  instantAtLocal(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), ZONE);

describe('aurora', () => {
  const rule: TriggerOf<'aurora'> = { kind: 'aurora', minTier: 'naked-eye' };
  const dark = (tier: AuroraState['tier']): AuroraState => ({ tier, sunAltitude: -20 });
  /** Runs looks in order; returns the alerts' events and the memory. */
  function run(
    looks: [number, AuroraState][],
    memory: AuroraMemory = { ...freshAuroraMemory(), primed: true },
  ) {
    const events: string[] = [];
    for (const [now, state] of looks) {
      const step = auroraStep(rule, memory, state, now, ZONE);
      memory = step.memory;
      if (step.intent)
        events.push(`${step.intent.kind}:${(step.intent.payload as { tier: string }).tier}`);
    }
    return { events, memory };
  }
  const night = at('2025-03-10', '22:00');

  it('alerts when the tier reaches the rule’s, only in darkness, then one "ended"', () => {
    expect(run([[night, { tier: 'naked-eye', sunAltitude: -5 }]]).events).toEqual([]);
    expect(
      run([
        [night, dark('camera')],
        [night + 10 * M, dark('naked-eye')],
        [night + 20 * M, dark('naked-eye')],
        [night + 30 * M, dark('overhead')],
        [night + 40 * M, dark('camera')],
        [night + 50 * M, dark('none')],
      ]).events,
    ).toEqual(['aurora.rise:naked-eye', 'aurora.rise:overhead', 'aurora.ended:camera']);
  });

  it('a display that flickers begins with an alert at most once a day; a rise still alerts', () => {
    expect(
      run([
        [night, dark('naked-eye')],
        [night + 10 * M, dark('camera')],
        [night + 20 * M, dark('naked-eye')],
        [night + 30 * M, dark('overhead')],
      ]).events,
    ).toEqual(['aurora.rise:naked-eye', 'aurora.ended:camera', 'aurora.rise:overhead']);
  });

  it('re-alerts a display that lasts 12 hours (polar night)', () => {
    expect(
      run([
        [night, dark('naked-eye')],
        [night + 6 * H, dark('naked-eye')],
        [night + 12 * H, dark('naked-eye')],
      ]).events,
    ).toEqual(['aurora.rise:naked-eye', 'aurora.rise:naked-eye']);
  });

  it('turned on during a display, it only takes note: no alert, no "ended"', () => {
    expect(
      run(
        [
          [night, dark('naked-eye')],
          [night + 10 * M, dark('naked-eye')],
          [night + 20 * M, dark('none')],
        ],
        freshAuroraMemory(),
      ).events,
    ).toEqual([]);
    expect(
      run(
        [
          [night, dark('naked-eye')],
          [night + 10 * M, dark('overhead')],
        ],
        freshAuroraMemory(),
      ).events,
    ).toEqual(['aurora.rise:overhead']);
  });
});

describe('tonight, passes and sky events', () => {
  const go = { date: '2025-03-10', verdict: 'go' as const };
  const rule: TriggerOf<'tonight'> = { kind: 'tonight', at: '17:00' };
  const enabled = at('2025-03-10', '08:00');

  it('tonight is Go: from the chosen local time on, keyed by the night', () => {
    expect(tonightIntent(rule, go, at('2025-03-10', '16:59'), ZONE, enabled)).toBeNull();
    expect(tonightIntent(rule, go, at('2025-03-10', '17:00'), ZONE, enabled)?.key).toBe(
      'tonight:2025-03-10',
    );
    expect(
      tonightIntent(rule, { ...go, verdict: 'maybe' }, at('2025-03-10', '18:00'), ZONE, enabled),
    ).toBeNull();
    // Turned on after 17:00 with Go already standing: not news.
    expect(
      tonightIntent(rule, go, at('2025-03-10', '18:00'), ZONE, at('2025-03-10', '17:30')),
    ).toBeNull();
  });

  it('a visible pass alerts an hour before it starts, not before the rule was on', () => {
    const now = at('2025-03-10', '20:00');
    const pass = (start: number, visible = true) => ({
      id: `iss-${start}`,
      satellite: 'ISS',
      start,
      end: start + 6 * M,
      maxElevation: 60,
      visible,
    });
    const intents = passIntents(
      [pass(now + 30 * M), pass(now + 62 * M), pass(now + 3 * H), pass(now + 20 * M, false)],
      now,
      now - H,
    );
    expect(intents.map((i) => i.dueAt - now)).toEqual([0, 2 * M]);
    expect(passIntents([pass(now + 30 * M)], now, now + 40 * M)).toEqual([]);
  });

  it('a sky event today alerts at the chosen time', () => {
    const rule2: TriggerOf<'sky-event'> = { kind: 'sky-event', at: '09:00' };
    const ev = {
      id: 'perseids',
      title: 'Perseids peak',
      start: at('2025-03-10', '23:00'),
      date: '2025-03-10',
    };
    expect(skyEventIntents(rule2, [ev], at('2025-03-10', '08:00'), ZONE, 0)).toEqual([]);
    const [intent] = skyEventIntents(rule2, [ev], at('2025-03-10', '08:57'), ZONE, 0);
    expect(intent.dueAt).toBe(at('2025-03-10', '09:00'));
    expect(
      skyEventIntents(rule2, [{ ...ev, date: '2025-03-11' }], at('2025-03-10', '10:00'), ZONE, 0),
    ).toEqual([]);
  });
});
