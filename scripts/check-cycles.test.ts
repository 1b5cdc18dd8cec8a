import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findModuleCycles } from './check-cycles';

describe('server modules', () => {
  it('never import each other both ways', async () => {
    const cycles = await findModuleCycles();
    const found = cycles.map((c) =>
      [`${c.from} <-> ${c.to}`, ...c.forward, ...c.backward].join('\n  '),
    );
    expect(found).toEqual([]);
  });

  it('finds a cycle when two modules do import each other', async () => {
    const dir = fileURLToPath(new URL('../test/fixtures/cycles', import.meta.url));
    const cycles = await findModuleCycles(dir);
    expect(cycles).toEqual([
      {
        from: 'alpha',
        to: 'beta',
        forward: ['src/server/alpha/one.ts -> src/server/beta/two.ts'],
        backward: ['src/server/beta/two.ts -> src/server/alpha/one.ts'],
      },
    ]);
  });
});
