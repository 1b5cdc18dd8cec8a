import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.database).toMatchObject({ dialect: 'sqlite' });
    expect(c.trustProxy).toBe(false);
    expect(c.ingest.allowPrivateNetwork).toBe(false);
    expect(c.jobsEnabled).toBe(true);
    expect(c.purgeAgeDays).toBe(30);
  });

  it('JOBS_ENABLED=false turns the background jobs off; PURGE_AGE_DAYS=0 keeps every story', () => {
    const c = loadConfig({ JOBS_ENABLED: 'false', PURGE_AGE_DAYS: '0' });
    expect(c.jobsEnabled).toBe(false);
    expect(c.purgeAgeDays).toBe(0);
    // The old name still works, and the new one wins.
    expect(loadConfig({ INGEST_SCHEDULER: 'false' }).jobsEnabled).toBe(false);
    expect(loadConfig({ INGEST_SCHEDULER: 'false', JOBS_ENABLED: 'true' }).jobsEnabled).toBe(true);
  });

  it('switches to PostgreSQL for a postgres:// URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@h:5432/d' }).database).toEqual({
      dialect: 'postgres',
      url: 'postgres://u:p@h:5432/d',
    });
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['10.0.0.1, 10.0.0.2', '10.0.0.1, 10.0.0.2'],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['SESSION_SECURE_COOKIE', 'maybe'],
    ['TRUST_PROXY', 'everyone'],
    ['YOUTUBE_BASE_URL', 'ftp://x'],
    ['JOBS_ENABLED', 'sometimes'],
    ['PURGE_AGE_DAYS', '-1'],
  ])('stops with a clear message for a bad %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});
