// Loads the TypeScript document worker when the server runs from source (tsx,
// vitest): a worker thread does not inherit the parent's loader hooks, so
// register tsx here. The bundled server uses dist/server/document-worker.js.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./document-worker.ts', import.meta.url);
export default worker.default;
