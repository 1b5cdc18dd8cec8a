// npm start refuses a Node older than 20.19 with one clear line, before anything else runs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const checkScript = path.resolve(import.meta.dirname, '../../scripts/check-node.mjs');

function runAs(version: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-node-'));
  const fake = path.join(dir, 'fake-version.mjs');
  fs.writeFileSync(
    fake,
    `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '${version}' } });
     Object.defineProperty(process, 'version', { value: 'v${version}' });`,
  );
  const result = spawnSync(process.execPath, ['--import', fake, checkScript], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  return result;
}

describe('the Node version check of npm start', () => {
  it.each(['18.20.4', '20.11.1', '20.18.3'])('refuses Node %s with one line', (version) => {
    const result = runAs(version);
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `AstroDash needs Node.js 20.19 or newer; this is v${version}.`,
    );
  });

  it.each(['20.19.0', '22.12.0', '24.1.0'])('accepts Node %s', (version) => {
    const result = runAs(version);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
  });
});
