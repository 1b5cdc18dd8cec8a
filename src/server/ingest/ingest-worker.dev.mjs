// Loads the TypeScript worker when the server runs from source (tsx, vitest):
// a worker thread does not inherit the parent's loader hooks, so register tsx
// here. The bundled server uses dist/server/ingest-worker.js instead.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./ingest-worker.ts', import.meta.url);
export default worker.default;
