import { describe, expect, it } from 'vitest';
import { changed, dateChange, movesOf, outcomeOf, precisionClass } from './history';

const H = 3_600_000;
const at = (net: number | null, net_precision: string | null = 'Minute') => ({
  net,
  net_precision,
});

describe('launch history', () => {
  it('a change of net, precision, status or window counts; anything else does not', () => {
    const base = { net: 1, net_precision: 'Minute', status: 'Go', window_start: 1, window_end: 2 };
    expect(changed(base, { ...base })).toBe(false);
    for (const change of [
      { net: 2 },
      { net_precision: 'Hour' },
      { status: 'Hold' },
      { window_start: 0 },
      { window_end: 3 },
    ])
      expect(changed(base, { ...base, ...change })).toBe(true);
  });

  it.each([
    ['Second', 0],
    ['Minute', 0],
    ['Hour', 0],
    [null, 0],
    ['Day', 2],
    ['Month', 4],
    ['Quarter 2', 5],
    ['Year Half 1', 6],
    ['Year', 7],
  ])('precision %s is class %s', (p, c) => {
    expect(precisionClass(p)).toBe(c);
  });

  it('a month becoming a day is a refinement, not a slip; the other way it widens', () => {
    expect(dateChange(at(100 * H, 'Month'), at(10 * H, 'Day'))).toEqual({ kind: 'refined' });
    expect(dateChange(at(10 * H, 'Minute'), at(100 * H, 'Month'))).toEqual({ kind: 'widened' });
    expect(dateChange(at(10 * H, 'Minute'), at(12 * H, 'Second'))).toEqual({
      kind: 'moved',
      shiftMs: 2 * H,
    });
    expect(dateChange(at(10 * H), at(10 * H))).toBeNull();
  });

  it('moved N times, +3 d 4 h in all: slips summed, refinements and status-only rows apart', () => {
    expect(
      movesOf([
        at(900 * H, 'Quarter 1'),
        at(100 * H, 'Minute'), // refined
        at(100 * H, 'Minute'), // a status change
        at(124 * H),
        at(176 * H),
        at(176 * H, 'Month'), // widened
        at(200 * H, 'Minute'), // refined again
      ]),
    ).toEqual({ count: 2, shiftSeconds: 76 * 3600, refined: 3 });
  });

  it.each([
    [3, 'Launch Successful', 'success'],
    [9, 'Payload Deployed', 'success'],
    [4, 'Launch Failure', 'failure'],
    [7, 'Launch was a Partial Failure', 'partial'],
    [null, 'Success', 'success'],
    [null, 'Failure', 'failure'],
    [1, 'Go for Launch', null],
    [6, 'Launch in Flight', null],
  ])('status %s %s: outcome %s', (id, name, outcome) => {
    expect(outcomeOf(id, name)).toBe(outcome);
  });
});
