// Avatars get an unguessable public id (128 random bits, new on every upload):
// the image is served by that id, not by the owner's user id, so nobody can
// walk /avatar/1, /avatar/2… to collect every user's picture.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('avatars').addColumn('public_id', 'text').execute();
  const rows = await db.selectFrom('avatars').select('user_id').execute();
  for (const row of rows as { user_id: number }[]) {
    const publicId = randomBytes(16).toString('hex');
    await db
      .updateTable('avatars')
      .set({ public_id: publicId })
      .where('user_id', '=', row.user_id)
      .execute();
    await db
      .updateTable('users')
      .set({ avatar_url: `/_api/account/avatar/${publicId}` })
      .where('id', '=', row.user_id)
      .execute();
  }
  await db.schema
    .createIndex('avatars_public_id')
    .unique()
    .on('avatars')
    .column('public_id')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
