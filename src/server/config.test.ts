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

  it('reads INGEST_WORKERS: one ingestion thread by default, 0 ingests inline', () => {
    expect(loadConfig({}).ingest.workers).toBe(1);
    expect(loadConfig({ INGEST_WORKERS: '' }).ingest.workers).toBe(loadConfig({}).ingest.workers);
    expect(loadConfig({ INGEST_WORKERS: '0' }).ingest.workers).toBe(0);
    expect(loadConfig({ INGEST_WORKERS: '3' }).ingest.workers).toBe(3);
    expect(() => loadConfig({ INGEST_WORKERS: '-1' })).toThrow(ConfigError);
  });

  it('reads the Tonight verdict and aurora settings (issue 28), refusing bad ones by name', () => {
    const c = loadConfig({});
    expect(c.openMeteoAirQualityUrl).toBe('https://air-quality-api.open-meteo.com');
    expect(c.sky).toEqual({
      cloudWeights: { low: 0.5, mid: 0.3, high: 0.2 },
      hazeCap: 0.5,
      geomagneticModel: 'wmm',
      geomagneticPole: { latitude: 80.8, longitude: -72.8 },
    });
    const set = loadConfig({
      OPEN_METEO_AIR_QUALITY_URL: 'http://127.0.0.1:8080/',
      SKY_CLOUD_WEIGHTS: '0.6, 0.3, 0.1',
      SKY_HAZE_CAP: '0.8',
      GEOMAGNETIC_MODEL: 'dipole',
      GEOMAGNETIC_POLE: '80.65,-72.68',
    });
    expect(set.openMeteoAirQualityUrl).toBe('http://127.0.0.1:8080');
    expect(set.sky).toEqual({
      cloudWeights: { low: 0.6, mid: 0.3, high: 0.1 },
      hazeCap: 0.8,
      geomagneticModel: 'dipole',
      geomagneticPole: { latitude: 80.65, longitude: -72.68 },
    });
    expect(() => loadConfig({ SKY_CLOUD_WEIGHTS: '0.5,0.5,0.5' })).toThrow(/SKY_CLOUD_WEIGHTS/);
    expect(() => loadConfig({ SKY_CLOUD_WEIGHTS: '1,0' })).toThrow(/SKY_CLOUD_WEIGHTS/);
    expect(() => loadConfig({ SKY_HAZE_CAP: '0' })).toThrow(/SKY_HAZE_CAP/);
    expect(() => loadConfig({ GEOMAGNETIC_POLE: '95,0' })).toThrow(/GEOMAGNETIC_POLE/);
    expect(() => loadConfig({ GEOMAGNETIC_POLE: '80' })).toThrow(/GEOMAGNETIC_POLE/);
    expect(() => loadConfig({ GEOMAGNETIC_MODEL: 'igrf' })).toThrow(/GEOMAGNETIC_MODEL/);
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

  it('logs human-readable lines on a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(loadConfig({}, { stdoutIsTTY: true }).logFormat).toBe('pretty');
    expect(loadConfig({}, { stdoutIsTTY: false }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, { stdoutIsTTY: true }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, { stdoutIsTTY: false }).logFormat).toBe('pretty');
  });

  it.each([
    ['LOG_FORMAT', 'xml'],
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

  it('reads the AI settings: no model means the local engine', () => {
    const local = loadConfig({});
    expect(local.ai).toMatchObject({ model: undefined, baseUrl: 'https://api.openai.com/v1' });
    expect(local.ai.workers).toBeGreaterThanOrEqual(1);
    const ollama = loadConfig({
      AI_BASE_URL: 'http://127.0.0.1:11434/v1/',
      AI_MODEL: 'llama3.1',
      AI_TIMEOUT_MS: '5000',
      AI_WORKERS: '0',
    });
    expect(ollama.ai).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
      model: 'llama3.1',
      timeoutMs: 5000,
      workers: 0,
    });
    expect(() => loadConfig({ AI_BASE_URL: 'ftp://x' })).toThrow(/AI_BASE_URL/);
    expect(() => loadConfig({ AI_TIMEOUT_MS: '10' })).toThrow(/AI_TIMEOUT_MS/);
  });
});
