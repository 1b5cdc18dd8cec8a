// The event a headline reports: phrases match whole words, in one pass over the
// words (events.ts). These pin what that pass must keep from the substring
// matching it replaced.
import { describe, expect, it } from 'vitest';
import { eventAgreement, eventOf } from './events';

describe('eventOf', () => {
  it('reads the kinds of a headline, in vocabulary order, and whether it is ahead', () => {
    const e = eventOf('SpaceX to launch Crew-12 after weather delay', '');
    expect(e.kinds).toContain('launch');
    expect(e.ahead).toBe(true);
    expect(e.fromLede).toBe(false);
  });

  it('matches whole words, never inside a word ("prelaunch") or a name ("launch pad", "Space Launch System")', () => {
    expect(eventOf('Crew arrives at the launch pad', '').kinds).toEqual([]);
    expect(eventOf('Space Launch System stacked', '').kinds).toEqual([]);
    expect(eventOf('A prelaunch checklist', '').kinds).toEqual([]);
  });

  it('finds a phrase of several words, and not across a name taken out', () => {
    expect(eventOf('Artemis II set for liftoff', '').ahead).toBe(true);
    // "to" + "launch" only around "launch pad", which is a name: no "to launch".
    expect(eventOf('Rollout to launch pad begins', '').ahead).toBe(false);
  });

  it("reads a round-up, and the lede's first sentence when the headline names no event", () => {
    expect(eventOf('Launch Roundup: three missions this week', '').roundup).toBe(true);
    const e = eventOf('Artemis II', 'The crew launched on Wednesday. It will land later.');
    expect(e.fromLede).toBe(e.kinds.length > 0);
    expect(eventOf('', '').kinds).toEqual([]);
  });

  it('tells a launch ahead from a launch done, and a launch from a docking', () => {
    const ahead = eventOf('SpaceX to launch Starlink satellites tonight', '');
    const done = eventOf('SpaceX launches Starlink satellites', '');
    const docked = eventOf('Dragon docks with the space station', '');
    expect(eventAgreement(ahead, done)).toBe(-1);
    expect(eventAgreement(done, docked)).toBe(-1);
    expect(eventAgreement(done, eventOf('Falcon 9 launches Starlink', ''))).toBe(1);
  });
});
