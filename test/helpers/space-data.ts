// The real Spaceflight News API articles and Launch Library 2 launches kept
// beside the repository (../shared/fixtures/space-data: README.md, PROVENANCE.md).
import fs from 'node:fs';
import path from 'node:path';

export const SPACE_DATA_DIR = path.resolve(
  import.meta.dirname,
  '../../../shared/fixtures/space-data',
);

export function readSpaceData(name: string): unknown {
  const file = path.join(SPACE_DATA_DIR, name);
  if (!fs.existsSync(file))
    throw new Error(`${file} is missing: the real space data lives beside the repository`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}
