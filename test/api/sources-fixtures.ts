// Shared by the sources and OPML API suites.
import type { DB } from '../../src/server/db/database';
import { createSources } from '../helpers/factories';

/** Gives a user `count` personal sources straight in the database (for limit tests). */
export async function insertPersonalSources(db: DB, userId: number, count: number): Promise<void> {
  await createSources(
    db,
    Array.from({ length: count }, (_, i) => ({
      name: `Bulk ${i}`,
      url: `https://bulk.example/${userId}/${i}`,
      userId,
    })),
  );
}
