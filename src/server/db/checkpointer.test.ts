import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { startCheckpointer } from './checkpointer';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function until(done: () => boolean) {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
  if (!done()) throw new Error('the checkpointer never caught up');
}

it('keeps the WAL at about one burst of writes while the writer never checkpoints itself', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-ckpt-'));
  dirs.push(dir);
  const file = path.join(dir, 'x.db');
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0'); // only the checkpointer copies the WAL back
  db.exec('CREATE TABLE t (x BLOB)');
  const insert = db.prepare('INSERT INTO t (x) VALUES (?)');
  const row = Buffer.alloc(20_000, 7);
  const burst = () => {
    for (let i = 0; i < 100; i++) insert.run(row); // ~2 MB, one transaction per row
  };
  const checkpointer = startCheckpointer(file, 20);
  try {
    const sizes: number[] = [];
    for (let b = 0; b < 4; b++) {
      burst();
      // Two reports later, one checkpoint began after the burst ended.
      const after = checkpointer.reports + 2;
      await until(() => {
        const last = checkpointer.last;
        return checkpointer.reports >= after && last !== null && last.log === last.checkpointed;
      });
      sizes.push(fs.statSync(`${file}-wal`).size);
      insert.run(Buffer.alloc(1)); // the next write starts the checkpointed WAL over
    }
    // Without the checkpointer the WAL would hold all four bursts (8 MB and more).
    expect(Math.max(...sizes)).toBeLessThan(4 * 1024 * 1024);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect((db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n).toBe(404);
  } finally {
    await checkpointer.stop();
    db.close();
  }
});
