import { describe, expect, it } from 'vitest';
import { isAppPath } from './routes';

describe('isAppPath', () => {
  it.each([
    ['/', true],
    ['/login?next=%2Faccount', true],
    ['/account/', true],
    ['/rocket-launches#upcoming', true],
    ['/admin/announcements', true],
    ['/announcements', true],
    ['/nope', false],
    ['/account/extra', false],
    ['/admin/', true],
    ['/Login', false],
    ['/topics/artemis-ii', true],
    ['/topics/:slug', false],
    ['/topics/Artemis II', false],
    ['/topics/artemis/extra', false],
  ])('%s → %s', (url, expected) => expect(isAppPath(url)).toBe(expected));
});
