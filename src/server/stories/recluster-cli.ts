// npm run stories:recluster -- [HOURS]: re-clusters the items published in the
// last HOURS (default 48) from their stored text, with the configured
// thresholds and vocabulary, keeping every "Not the same story" split. Safe while
// the server runs (one transaction; SQLite waits for the ingestion's writes).
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { recluster } from './recluster';

const hours = Number(process.argv[2] ?? 48);
if (!Number.isFinite(hours) || hours <= 0 || hours > 24 * 365) {
  console.error('Usage: npm run stories:recluster -- [HOURS]   (default 48; at most a year)');
  process.exit(2);
}
try {
  const config = loadConfig();
  const { db } = openDatabase(
    config.database.dialect === 'sqlite'
      ? { dialect: 'sqlite', file: config.database.file }
      : { dialect: 'postgres', url: config.database.url },
  );
  await migrateToLatest(db);
  const started = performance.now();
  const now = Date.now();
  const result = await recluster(db, config, { from: now - hours * 3_600_000, to: now });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Re-clustered ${result.items} items of the last ${hours} hours in ${seconds} s: ${result.stories} stories of more than one item, ${result.changed} items changed story`,
  );
  await db.destroy();
} catch (err) {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('Re-clustering failed:', err instanceof Error ? err.message : err);
  process.exit(1);
}
