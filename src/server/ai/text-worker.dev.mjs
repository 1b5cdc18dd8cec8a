// Loads the TypeScript worker when the server runs from source (tsx, vitest):
// a worker thread does not inherit the parent's loader hooks, so register tsx
// here. The bundled server uses dist/server/text-worker.js instead.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./text-worker.ts', import.meta.url);
export default worker.default;
