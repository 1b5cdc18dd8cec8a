import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { assertKnownZip, lookupZip } from './zip';

describe('ZIP lookup', () => {
  it('names the place "City, ST" with its coordinates', () => {
    expect(lookupZip('90210')).toEqual({
      zipCode: '90210',
      latitude: 34.0901,
      longitude: -118.4065,
      name: 'Beverly Hills, CA',
    });
    expect(lookupZip('00601')?.name).toBe('Adjuntas, PR');
    expect(lookupZip('99501')?.name).toBe('Anchorage, AK');
  });

  it('finds nothing for well-formed codes that are no US ZIP, or for malformed input', () => {
    for (const zip of ['00000', '99999', '11111', '1234', 'K1A0B', '__proto__', 'constructor'])
      expect(lookupZip(zip), zip).toBeNull();
  });

  it('refuses an unknown ZIP with a 400 and lets "no location" through', () => {
    expect(() => assertKnownZip('00000')).toThrow(HttpError);
    expect(() => assertKnownZip('00000')).toThrow('Unknown US ZIP code.');
    expect(() => assertKnownZip('28202')).not.toThrow();
    expect(() => assertKnownZip(null)).not.toThrow();
    expect(() => assertKnownZip(undefined)).not.toThrow();
  });
});
