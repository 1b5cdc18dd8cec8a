// When an account last changed its e-mail address (null: never, it still has the
// address it registered with). ADMIN_EMAIL never promotes an account that moved
// its address to the configured one, since addresses are not verified.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_changed_at', 'bigint').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
