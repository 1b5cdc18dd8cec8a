// Restore drill: `npm run backup -- FILE` while the real server takes writes,
// then the copy is checked (integrity, the rows acknowledged before the backup)
// and a server is started on it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/client';
import { startServerProcess, stopSpawnedProcesses, trackProcess } from '../helpers/server-process';

const ROOT = path.resolve(import.meta.dirname, '../..');

function runBackup(dataDir: string, file: string, databaseUrl = '') {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    // What `npm run backup -- FILE` runs.
    const child = trackProcess(
      spawn(
        process.execPath,
        ['--import', 'tsx', path.join(ROOT, 'src/server/backup-cli.ts'), file],
        { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl } },
      ),
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('backup and restore drill', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-backup-'));
  const liveDir = path.join(work, 'live');
  const restoredDir = path.join(work, 'restored');
  // Every process this suite spawned, listed from its spawn: one whose start or
  // run a timeout cut short is ended too.
  afterAll(async () => {
    await stopSpawnedProcesses();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('copies a consistent database while writes happen, and a server runs on the copy', async () => {
    fs.mkdirSync(liveDir);
    const live = await startServerProcess({ DATA_DIR: liveDir });
    const owner = new ApiClient(live.url);
    const account = { email: 'keeper@example.test', password: 'Nebula-Quasar-42' };
    const reg = await owner.post('/_api/auth/register_with_password', {
      ...account,
      displayName: 'Keeper',
    });
    expect(reg.status).toBe(200);

    // Writers: personal sources, one after another, until told to stop.
    const state = { acknowledged: 0, stop: false };
    const writer = (async () => {
      for (let i = 0; !state.stop && i < 900; i++) {
        const res = await owner.post('/_api/news/sources', {
          name: `Feed ${i}`,
          url: `https://feed-${i}.example.test/rss`,
          sourceType: 'rss',
        });
        expect(res.status).toBe(201);
        state.acknowledged++;
      }
    })();
    while (state.acknowledged < 20) await new Promise((r) => setTimeout(r, 20));

    const before = state.acknowledged;
    const file = path.join(work, 'copies', 'astrodash-backup.db');
    const backup = await runBackup(liveDir, file);
    const after = state.acknowledged;
    state.stop = true;
    await writer;
    expect(backup.output).toMatch(/^Backed up to .*astrodash-backup\.db \(/);
    expect(backup.code).toBe(0);
    expect(after).toBeGreaterThan(before); // writes really happened during the backup
    live.child.kill('SIGTERM');
    expect(await live.exited).toBe(0);

    // The copy: one self-contained file, intact, with every row acknowledged before it began.
    expect(fs.readdirSync(path.dirname(file))).toEqual(['astrodash-backup.db']);
    const copy = new SQLite(file, { readonly: true });
    let copied: number;
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.pragma('foreign_key_check')).toEqual([]);
      copied = (
        copy.prepare('SELECT count(*) AS n FROM news_sources WHERE user_id IS NOT NULL').get() as {
          n: number;
        }
      ).n;
      expect(copied).toBeGreaterThanOrEqual(before);
      expect(copied).toBeLessThanOrEqual(state.acknowledged);
    } finally {
      copy.close();
    }

    // Restore: the copy becomes a fresh data directory; the server starts and serves it.
    fs.mkdirSync(restoredDir);
    fs.copyFileSync(file, path.join(restoredDir, 'astrodash.db'));
    const restored = await startServerProcess({ DATA_DIR: restoredDir });
    const client = new ApiClient(restored.url);
    expect((await client.post('/_api/auth/login_with_password', account)).status).toBe(200);
    const list = await client.get('/_api/news/sources');
    expect(list.status).toBe(200);
    const names = (list.body.sources as { name: string }[]).map((s) => s.name);
    expect(names).toHaveLength(copied);
    expect(names).toContain('Feed 0');
    restored.child.kill('SIGTERM');
    expect(await restored.exited).toBe(0);
  });

  it('refuses without a FILE, and points PostgreSQL users to pg_dump', async () => {
    const usage = await runBackup(liveDir, '');
    expect(usage.code).toBe(2);
    expect(usage.output).toContain('Usage: npm run backup -- FILE');
    const pg = await runBackup(
      liveDir,
      path.join(work, 'pg.db'),
      'postgres://astrodash@127.0.0.1:1/none',
    );
    expect(pg.code).toBe(1);
    expect(pg.output).toContain('pg_dump --format=custom');
    expect(fs.existsSync(path.join(work, 'pg.db'))).toBe(false);
  });
});
