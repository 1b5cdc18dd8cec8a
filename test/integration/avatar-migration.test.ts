// Migration 0007 on a database that already holds avatars: each gets an
// unguessable public id and its owner's avatar URL moves to it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Migration } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import * as m0001 from '../../src/server/db/migrations/0001_initial';
import * as m0002 from '../../src/server/db/migrations/0002_news_list_indexes';
import * as m0003 from '../../src/server/db/migrations/0003_app_meta';
import * as m0004 from '../../src/server/db/migrations/0004_item_counts_per_statement';
import * as m0005 from '../../src/server/db/migrations/0005_sqlite_delete_trigger';
import { makePng } from '../helpers/png';

describe('migration 0007 (avatar public ids)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-m0007-'));
  const { db } = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'astrodash.db') });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives existing avatars a random id and points their owners at it', async () => {
    const before: Record<string, Migration> = {
      '0001_initial': m0001,
      '0002_news_list_indexes': m0002,
      '0003_app_meta': m0003,
      '0004_item_counts_per_statement': m0004,
      '0005_sqlite_delete_trigger': m0005,
    };
    const old = new Migrator({ db, provider: { getMigrations: async () => before } });
    expect((await old.migrateToLatest()).error).toBeUndefined();

    const at = Date.now();
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const user = await db
        .insertInto('users')
        .values({
          email: `u${n}@example.test`,
          email_normalized: `u${n}@example.test`,
          display_name: `U${n}`,
          password_hash: 'x',
          avatar_url: `/_api/account/avatar/${n}?v=0123456789abcdef`,
          role: 'user',
          zip_code: null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(user.id);
      await db
        .insertInto('avatars')
        // Before 0007 there is no public_id column: insert through a cast.
        .values({
          user_id: user.id,
          content_type: 'image/png',
          data: makePng(),
          updated_at: at,
        } as never)
        .execute();
    }

    await migrateToLatest(db);
    const rows = await db
      .selectFrom('avatars')
      .innerJoin('users', 'users.id', 'avatars.user_id')
      .select(['avatars.public_id', 'users.avatar_url'])
      .orderBy('users.id')
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.public_id).toMatch(/^[0-9a-f]{32}$/);
      expect(row.avatar_url).toBe(`/_api/account/avatar/${row.public_id}`);
    }
    expect(rows[0].public_id).not.toBe(rows[1].public_id);
  });
});
