import { describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import {
  formatDate,
  formatDateTime,
  formatTime,
  humanize,
  isValidImageSrc,
  timeAgo,
  truncate,
  youtubeId,
} from './format';

describe('youtubeId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
    ['https://youtube.com/watch?feature=share&v=aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
    ['https://m.youtube.com/watch?v=aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
    ['https://youtu.be/aqz-KE-bpKQ?t=30', 'aqz-KE-bpKQ'],
    ['https://www.youtube.com/embed/aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
    ['https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
    ['https://www.youtube.com/shorts/aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
    ['https://www.youtube.com/watch?v=short', null],
    ['https://www.youtube.com/watch?v=aqz-KE-bpKQX', null],
    ['https://www.youtube.com/channel/UCLA_DiR1FfKNvjuUpBHmylQ', null],
    ['https://vimeo.com/123456789', null],
    ['https://notyoutube.com/watch?v=aqz-KE-bpKQ', null],
    ['not a url', null],
    [null, null],
  ])('%s → %s', (url, id) => expect(youtubeId(url)).toBe(id));
});

describe('isValidImageSrc', () => {
  it.each([
    ['https://a.test/i.png', true],
    ['http://a.test/i.png', true],
    ['data:image/png;base64,AAAA', true],
    ['/avatar.png', true],
    ['javascript:alert(1)', false],
    ['image.png', false],
    ['', false],
    [null, false],
  ])('%s → %s', (src, ok) => expect(isValidImageSrc(src)).toBe(ok));
});

describe('text helpers', () => {
  it('truncates at the limit with "..." and leaves short text alone', () => {
    expect(truncate('a'.repeat(250), 200)).toBe(`${'a'.repeat(200)}...`);
    expect(truncate('  short   text ', 200)).toBe('short text');
    expect(truncate('x'.repeat(150), 150)).toBe('x'.repeat(150));
  });
  it('shows underscores as spaces', () => expect(humanize('social_post')).toBe('social post'));
  it('formats dates as MMM d, yyyy', () =>
    expect(formatDate('2026-03-05T12:00:00Z')).toMatch(/^Mar [45], 2026$/));
  it('says "ago" for the past and "in" for the future', () => {
    expect(timeAgo(Date.now() - 5 * 60_000)).toBe('5 minutes ago');
    expect(timeAgo(Date.now() + 2 * 86_400_000 + 60_000)).toBe('in 2 days');
    expect(timeAgo('garbage')).toBe('');
  });
});

describe('formatDate and formatDateTime', () => {
  it.each([
    new Date(2026, 0, 1, 0, 5),
    new Date(2026, 2, 5, 12, 0),
    new Date(2026, 6, 14, 15, 7),
    new Date(2025, 11, 31, 23, 59),
  ])('write %s as date-fns MMM d, yyyy[, h:mm a] would', (d) => {
    expect(formatDate(d)).toBe(format(d, 'MMM d, yyyy'));
    expect(formatDateTime(d)).toBe(format(d, 'MMM d, yyyy, h:mm a'));
  });
});

describe('the one date-and-time format of panels and dialogs', () => {
  const instant = '2026-11-25T11:00:00Z'; // 6:00 AM in New York (EST)

  it('writes the date, then the time, in a given zone', () => {
    expect(formatDateTime(instant, { timeZone: 'America/New_York' })).toBe('Nov 25, 2026, 6:00 AM');
    expect(formatDateTime(instant, { timeZone: 'Asia/Tokyo' })).toBe('Nov 25, 2026, 8:00 PM');
    expect(formatDateTime('2026-07-04T16:05:00Z', { timeZone: 'UTC' })).toBe(
      'Jul 4, 2026, 4:05 PM',
    );
  });

  it('adds the weekday and the zone name when asked (the scheduled purge)', () => {
    expect(
      formatDateTime(instant, { timeZone: 'America/New_York', weekday: true, zoneName: true }),
    ).toBe('Wednesday, Nov 25, 2026, 6:00 AM EST');
    expect(formatDateTime(instant, { timeZone: 'UTC', zoneName: true })).toBe(
      'Nov 25, 2026, 11:00 AM UTC',
    );
  });

  it('gives the time alone in the same words, and nothing for what it cannot read', () => {
    expect(formatTime(instant, 'America/New_York')).toBe('6:00 AM');
    expect(formatTime('2026-11-25T00:30:00Z', 'UTC')).toBe('12:30 AM');
    expect(formatTime('soon')).toBe('');
    expect(formatDateTime('soon')).toBe('');
  });

  it("falls back to the browser's zone for a zone it does not know", () => {
    const d = new Date(2026, 2, 5, 14, 7);
    expect(formatDateTime(d, { timeZone: 'Mars/Olympus_Mons' })).toBe('Mar 5, 2026, 2:07 PM');
  });
});
