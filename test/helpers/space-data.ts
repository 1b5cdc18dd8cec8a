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

export interface SpaceArticle {
  title: string;
  summary: string;
  publishedAt: number;
  /** SNAPI's own launch ids (the labels). */
  launchIds: string[];
}

/** The articles in SNAPI's uniform view (`_norm` in the file). */
export function spaceArticles(): SpaceArticle[] {
  const articles = readSpaceData('snapi-articles.json') as Array<Record<string, unknown>>;
  return articles.map((a) => {
    const norm = a['_norm'] as {
      title: string;
      summary: string | null;
      published_at: string;
      launch_ids: string[];
    };
    return {
      title: norm.title,
      summary: norm.summary ?? '',
      publishedAt: Date.parse(norm.published_at),
      launchIds: norm.launch_ids,
    };
  });
}

export interface SpaceLaunch {
  id: string;
  /** The LL2 record as last seen. */
  record: unknown;
  /** Each observed NET with when it was first seen, oldest first (`_net_history`). */
  nets: Array<{ observedAt: number; net: number }>;
}

export function spaceLaunches(): SpaceLaunch[] {
  const launches = readSpaceData('ll2-launches.json') as Array<Record<string, unknown>>;
  return launches.map((l) => {
    const history = l['_net_history'] as Array<{ observed_at: string; net: string }>;
    const seen = history.length ? history : [{ observed_at: '', net: l.net as string }];
    return {
      id: l.id as string,
      record: l,
      nets: seen.map((h) => ({ observedAt: Date.parse(h.observed_at), net: Date.parse(h.net) })),
    };
  });
}
