// The recorded CelesTrak element sets, replayed as a capture taken today would
// be: each set's epoch moved to `at` (line 1, columns 19–32, checksum redone).
// The orbits keep their shape; they describe tonight's sky instead of July 2025's.
import { tleChecksum } from '../../src/server/sky/tle';
import { readFixture } from './fixture-server';

function epochField(at: number): string {
  const d = new Date(at);
  const start = Date.UTC(d.getUTCFullYear(), 0, 1);
  const day = 1 + (at - start) / 86_400_000;
  return `${String(d.getUTCFullYear() % 100).padStart(2, '0')}${day.toFixed(8).padStart(12, '0')}`;
}

export function celestrakTextAt(at: number): string {
  const field = epochField(at);
  return readFixture('sky/celestrak-visual.tle')
    .toString('utf8')
    .split('\n')
    .map((line) => {
      if (!line.startsWith('1 ') || line.trimEnd().length !== 69) return line;
      const moved = `${line.slice(0, 18)}${field}${line.slice(32, 68)}`;
      return `${moved}${tleChecksum(moved)}`;
    })
    .join('\n');
}
