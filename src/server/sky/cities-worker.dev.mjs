// Loads the TypeScript city-list worker when the server runs from source (tsx,
// vitest): a worker thread does not inherit the parent's loader hooks, so
// register tsx here. The bundled server uses dist/server/cities-worker.js.
import { tsImport } from 'tsx/esm/api';

await tsImport('./cities-worker.ts', import.meta.url);
