import { describe, expect, it } from 'vitest';
import { kpBarClass } from './levels';

describe('Kp bar colours', () => {
  it('follow the dialog levels on the value: quiet green, unsettled and active amber, storms red', () => {
    const cases: [number, string][] = [
      [0, 'bg-success'],
      [2, 'bg-success'],
      [2.33, 'bg-warning'],
      [4.67, 'bg-warning'],
      [5, 'bg-destructive'],
      [9, 'bg-destructive'],
    ];
    for (const [kp, colour] of cases) expect(kpBarClass(kp), String(kp)).toBe(colour);
  });
});
