import { describe, expect, it } from 'vitest';
import { saveRuleSchema, triggerSchema } from './alerts';
import { ruleSummary } from './alerts-summary';

const t = (input: object) => triggerSchema.parse(input);

describe('rule summaries', () => {
  it('says the rule in plain words', () => {
    expect(
      ruleSummary(t({ kind: 'launch', scope: 'provider', provider: 'SpaceX', before: ['1h'] }), [
        'push',
        'email',
      ]),
    ).toBe('Tell me 1 hour before any SpaceX launch, by push and e-mail');
    expect(
      ruleSummary(t({ kind: 'launch', before: ['10m', '24h'], moved: true, liftoff: true }), [
        'ntfy',
        'ntfy',
        'webhook',
      ]),
    ).toBe(
      'Tell me 24 hours and 10 minutes before any launch, and when it moves by 15 minutes or more and lifts off, by ntfy and webhook',
    );
    expect(
      ruleSummary(t({ kind: 'stories', query: 'Artemis', sourceIds: [3] }), ['push'], {
        sourceName: () => 'NASA',
      }),
    ).toBe('Tell me about new stories matching “Artemis” from NASA, by push');
    expect(ruleSummary(t({ kind: 'tonight' }), [])).toBe(
      'Tell me by 17:00 when tonight is Go for stargazing (no channel chosen)',
    );
  });

  it('refuses rules without a channel and unknown kinds, with their messages', () => {
    expect(
      saveRuleSchema.safeParse({ trigger: { kind: 'pass' }, channelIds: [], enabled: true }).error
        ?.issues[0].message,
    ).toBe('Choose at least one channel');
    expect(triggerSchema.safeParse({ kind: 'comet' }).error?.issues[0].message).toBe(
      'Trigger kind must be launch, aurora, tonight, pass, sky-event or stories',
    );
  });
});
