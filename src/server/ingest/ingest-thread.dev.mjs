// Loads the TypeScript ingestion thread when the server runs from source (tsx,
// vitest): a worker thread does not inherit the parent's loader hooks, so
// register tsx here. The bundled server uses dist/server/ingest-thread.js.
import { tsImport } from 'tsx/esm/api';

await tsImport('./ingest-thread.ts', import.meta.url);
