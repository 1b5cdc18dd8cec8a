// npm run backup -- FILE: a consistent copy of the SQLite database, safe while the server runs.
import { ConfigError, loadConfig } from './config';
import { BackupError, backupDatabase } from './db/backup';

const target = process.argv[2];
if (!target || target.startsWith('-')) {
  console.error('Usage: npm run backup -- FILE   (writes a copy of the SQLite database to FILE)');
  process.exit(2);
}
try {
  const { file, bytes, ms } = backupDatabase(loadConfig(), target);
  console.log(`Backed up to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB in ${ms} ms)`);
} catch (err) {
  if (err instanceof ConfigError || err instanceof BackupError) console.error(err.message);
  else console.error('Backup failed:', err instanceof Error ? err.message : err);
  process.exit(1);
}
