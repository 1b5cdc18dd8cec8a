import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { pwa } from './scripts/pwa.ts';
import { serverOnlyGuard } from './scripts/vite-server-only-guard.ts';

export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), tailwindcss(), serverOnlyGuard(), pwa()],
  // 'hidden': maps are written (for the operator's debugging) but not referenced from
  // the bundles; the server refuses to serve any .map file.
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: 'hidden',
    // Everything the entry imports statically (what any first page needs) goes in one
    // chunk: one request, and gzip gets the whole text at once (npm run bench -- bundle).
    // Lazy pages and parts keep their own chunks and import from it.
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/_api': 'http://localhost:3000', '/ads.txt': 'http://localhost:3000' },
  },
});
