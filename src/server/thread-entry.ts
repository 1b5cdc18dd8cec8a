// Where a worker thread's entry file is, beside the module that starts it.
// From source (tsx, vitest) that module is a .ts file, and the entry is a
// `.dev.mjs` shim that loads the TypeScript through tsx (a thread does not
// inherit the parent's loader hooks). Bundled, every module is in main.js and
// the entry is the `.js` bundle `npm run build:server` writes beside it.
export const threadEntry = (name: string, moduleUrl: string): URL =>
  new URL(moduleUrl.endsWith('.ts') ? `./${name}.dev.mjs` : `./${name}.js`, moduleUrl);
