// Imported first by the npm scripts that run the app: one clear line instead of a cryptic
// failure deep inside a dependency that needs a newer Node.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`AstroDash needs Node.js 20.19 or newer; this is ${process.version}.`);
  process.exit(1);
}
