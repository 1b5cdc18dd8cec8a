// CelesTrak's three-line element sets: the recorded group parses whole; a line
// with a wrong checksum, a cut line or mismatched catalogue numbers is skipped
// without losing the sets after it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTleText, tleChecksum, tleEpoch } from './tle';

const TEXT = readFileSync(
  path.resolve(import.meta.dirname, '../../../test/fixtures/sky/celestrak-visual.tle'),
  'utf8',
);
const ISS = [
  'ISS (ZARYA)             ',
  '1 25544U 98067A   25201.26732422  .00007301  00000+0  13592-3 0  9991',
  '2 25544  51.6337 143.1027 0002198  97.0892 263.0347 15.49967702520293',
];
const HST = TEXT.split('\n')
  .slice(
    TEXT.split('\n').findIndex((l) => l.startsWith('HST')),
    undefined,
  )
  .slice(0, 3);

describe('TLE text', () => {
  it('reads every set of the recorded visual group, with names and epochs', () => {
    const sets = parseTleText(TEXT);
    expect(sets).toHaveLength(151);
    const iss = sets.find((s) => s.noradId === 25544)!;
    expect(iss.name).toBe('ISS (ZARYA)');
    expect(new Date(iss.epoch).toISOString()).toBe('2025-07-20T06:24:56.813Z');
    expect(tleEpoch(ISS[1])).toBe(iss.epoch);
  });

  it('checks each line: checksum, length, catalogue number; CRLF endings read too', () => {
    expect(tleChecksum(ISS[1])).toBe(1);
    const badSum = [ISS[0], ISS[1].slice(0, 68) + '0', ISS[2]];
    const cut = [ISS[0], ISS[1].slice(0, 60), ISS[2]];
    const otherSat = [ISS[0], ISS[1], HST[2]];
    for (const broken of [badSum, cut, otherSat]) {
      const sets = parseTleText([...broken, ...HST].join('\r\n'));
      expect(sets.map((s) => s.noradId)).toEqual([20580]);
    }
    expect(parseTleText([...ISS, ...HST].join('\r\n')).map((s) => s.noradId)).toEqual([
      25544, 20580,
    ]);
    expect(parseTleText('')).toEqual([]);
    expect(parseTleText('<html>503 Service Unavailable</html>')).toEqual([]);
  });
});
