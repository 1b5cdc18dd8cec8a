import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.database).toMatchObject({ dialect: 'sqlite' });
    expect(c.trustProxy).toBe(false);
    expect(c.ingest.allowPrivateNetwork).toBe(false);
  });

  it('reads INGEST_WORKERS: one thread per CPU beyond the first by default, 0 parses inline', () => {
    expect(loadConfig({}).ingest.workers).toBeGreaterThanOrEqual(1);
    expect(loadConfig({ INGEST_WORKERS: '' }).ingest.workers).toBe(loadConfig({}).ingest.workers);
    expect(loadConfig({ INGEST_WORKERS: '0' }).ingest.workers).toBe(0);
    expect(loadConfig({ INGEST_WORKERS: '3' }).ingest.workers).toBe(3);
    expect(() => loadConfig({ INGEST_WORKERS: '-1' })).toThrow(ConfigError);
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
  ])('stops with a clear message for a bad %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});
