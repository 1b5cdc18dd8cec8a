// The pure parts of the alerts' sky sources: a pass's identity and a place rounded.
import { describe, expect, it } from 'vitest';
import type { SkyPlace } from '../sky/place';
import { coarse, passId } from './sky-sources';

describe("a pass's identity", () => {
  it('stays the same when a new element set moves the rise by seconds, and differs an orbit later', () => {
    const rise = Date.UTC(2026, 8, 14, 0, 27, 13);
    expect(passId(25544, rise + 4_000)).toBe(passId(25544, rise));
    expect(passId(25544, rise - 4_000)).toBe(passId(25544, rise));
    expect(passId(25544, rise + 92 * 60_000)).not.toBe(passId(25544, rise));
    expect(passId(48274, rise)).not.toBe(passId(25544, rise));
  });
});

describe('a place rounded for the offline answers', () => {
  it('keeps a tenth of a degree, the zone and the units', () => {
    const place: SkyPlace = {
      kind: 'zip',
      zipCode: '28202',
      latitude: 35.229,
      longitude: -80.8419,
      name: 'Charlotte, NC',
      timeZone: 'America/New_York',
      units: 'us',
    };
    expect(coarse(place)).toEqual({ ...place, latitude: 35.2, longitude: -80.8 });
  });
});
