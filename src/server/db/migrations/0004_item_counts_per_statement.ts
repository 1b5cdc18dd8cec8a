// PostgreSQL: keep the item counters per statement instead of per row.
// A row trigger updates the same news_sources row once per item, and PostgreSQL
// does many updates of one row inside one transaction in quadratic time:
// deleting a source with 20,000 items took 41 s, inserting 5,000 items 2 s.
// Statement triggers with transition tables apply one aggregated update per
// statement. The UPDATE OF item_type/is_breaking trigger stays per row (column
// lists cannot have transition tables; such updates touch few rows). SQLite's
// row triggers are fast as they are and stay.
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database';

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`DROP TRIGGER news_items_count_ins_del ON news_items`.execute(db);
  await sql`CREATE FUNCTION news_items_count_stmt() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        UPDATE source_item_counts c SET item_count = c.item_count - d.n
          FROM (SELECT source_id, item_type, is_breaking, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) d
          WHERE c.source_id = d.source_id AND c.item_type = d.item_type AND c.is_breaking = d.is_breaking;
        UPDATE news_sources s SET item_count = s.item_count - d.n
          FROM (SELECT source_id, count(*) AS n FROM old_rows GROUP BY 1) d
          WHERE s.id = d.source_id;
      ELSE
        INSERT INTO source_item_counts (source_id, item_type, is_breaking, item_count)
          SELECT source_id, item_type, is_breaking, count(*) FROM new_rows GROUP BY 1, 2, 3
          ON CONFLICT (source_id, item_type, is_breaking)
          DO UPDATE SET item_count = source_item_counts.item_count + EXCLUDED.item_count;
        UPDATE news_sources s SET item_count = s.item_count + d.n
          FROM (SELECT source_id, count(*) AS n FROM new_rows GROUP BY 1) d
          WHERE s.id = d.source_id;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER news_items_count_ins AFTER INSERT ON news_items
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION news_items_count_stmt()`.execute(
    db,
  );
  await sql`CREATE TRIGGER news_items_count_del AFTER DELETE ON news_items
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION news_items_count_stmt()`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
