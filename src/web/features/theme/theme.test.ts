import { describe, expect, it } from 'vitest';
import { parseTheme } from './theme';

describe('the stored theme', () => {
  it('reads light, dark, system and night, and the auto stored before issue 28 as system', () => {
    expect(parseTheme('light')).toBe('light');
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('system')).toBe('system');
    expect(parseTheme('night')).toBe('night');
    expect(parseTheme('auto')).toBe('system');
    expect(parseTheme('sepia')).toBeNull();
    expect(parseTheme(null)).toBeNull();
  });
});
