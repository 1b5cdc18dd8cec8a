// Fuzz: every entry point that reads fetched text, on pathological input
// (repeated and unterminated tokens, every prefix of them, nested tags, huge
// attribute values). Asserts growth, not time: doubling the input from 1 MB to
// 2 MB may at most triple the time (linear ≈ 2, quadratic ≈ 4). The absolute
// figures are in `npm run bench -- parsers-pathological`.
import { describe, expect, it } from 'vitest';
import { ENTRY_POINTS, INGEST_CASES } from '../../../../test/helpers/ingest-entry-points';
import { MB, measureGrowth } from '../../../../test/helpers/pathological';

describe('every parser of fetched text runs in linear time', () => {
  it.each(ENTRY_POINTS.map((e) => [e.name, e] as const))(
    '%s: 2 MB takes at most 3× the time of 1 MB, on every pathological input',
    (_name, entry) => {
      const slow: string[] = [];
      for (const input of INGEST_CASES) {
        const g = measureGrowth(entry.run, input.make, { size: MB });
        if (g.ratio > 3)
          slow.push(
            `${input.name}: ${g.small.toFixed(1)} → ${g.large.toFixed(1)} ms (×${g.ratio.toFixed(2)})`,
          );
      }
      expect(slow).toEqual([]);
    },
  );
});
