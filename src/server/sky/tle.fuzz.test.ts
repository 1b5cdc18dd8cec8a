// CelesTrak's text on hostile input: near-miss element sets (a wrong checksum in
// every line), one endless line, a flood of blank lines. Each costs linearly
// (1 → 2 MB at most 3× the time) and never throws; past 2 MB the text is cut.
import { describe, expect, it } from 'vitest';
import { MB, measureGrowth, repeatTo } from '../../../test/helpers/pathological';
import { parseTleText } from './tle';

const NEAR_MISS =
  'ISS (ZARYA)\n1 25544U 98067A   25201.26732422  .00007301  00000+0  13592-3 0  9990\n' +
  '2 25544  51.6337 143.1027 0002198  97.0892 263.0347 15.49967702520293\n';

describe('TLE parsing grows linearly', () => {
  const cases: { name: string; make: (size: number) => string }[] = [
    { name: 'near-miss element sets', make: (size) => repeatTo(NEAR_MISS, size) },
    { name: 'one endless line', make: (size) => repeatTo('1 25544U ', size) },
    { name: 'blank lines', make: (size) => repeatTo('\r\n', size) },
  ];
  it.each(cases)('$name', ({ make }) => {
    expect(parseTleText(make(64 * 1024))).toEqual([]);
    const growth = measureGrowth(parseTleText, make, { size: MB / 2 });
    expect(growth.ratio, JSON.stringify(growth)).toBeLessThan(3);
  });
});
