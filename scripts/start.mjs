// npm start: build what is missing or stale, then run the server.
import './check-node.mjs';
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const newest = (dir) => {
  let t = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      t = Math.max(t, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return t;
};
const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const src = path.join(root, 'src');
const sourcesChanged = Math.max(newest(src), newest(path.join(root, 'public')));

if (mtime(path.join(root, 'dist/web/index.html')) < sourcesChanged) {
  console.log('Building the web app…');
  execSync('npm run -s build:web', { cwd: root, stdio: 'inherit' });
}
// The worker threads' entries are bundles of their own beside main.js: all must be fresh.
const serverBuilt = Math.min(
  ...['main.js', 'ingest-thread.js', 'document-worker.js', 'text-worker.js'].map((file) =>
    mtime(path.join(root, 'dist/server', file)),
  ),
);
if (serverBuilt < sourcesChanged) {
  console.log('Building the server…');
  execSync('npm run -s build:server', { cwd: root, stdio: 'inherit' });
}
await import(path.join(root, 'dist/server/main.js'));
