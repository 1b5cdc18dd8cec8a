// Job rows → the admin panel's and the rocket page's shapes.
import type { JobDetails, JobFigures, JobInfo, JobRun, LaunchStatus } from '../../shared/admin';
import type { JobRow, JobRunRow } from './repository';
import type { JobDefinition } from './types';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function parseFigures(text: string | null): JobFigures | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as JobFigures) : null;
  } catch {
    return null;
  }
}

export const toJobRun = (row: JobRunRow): JobRun => ({
  id: row.id,
  trigger: row.trigger,
  status: row.status,
  startedAt: new Date(row.started_at).toISOString(),
  finishedAt: iso(row.finished_at),
  figures: parseFigures(row.figures),
  error: row.error,
});

export function toJobInfo(
  def: JobDefinition,
  row: JobRow | undefined,
  running: boolean,
  runs: JobRunRow[],
  details?: JobDetails,
): JobInfo {
  const enabled = row ? row.enabled === 1 : def.enabledByDefault;
  return {
    ...(details ? { details } : {}),
    name: def.name,
    title: def.title,
    description: def.description,
    enabled,
    schedule: def.schedule.text,
    nextRunAt: enabled ? iso(row?.next_run_at ?? null) : null,
    running,
    lastRuns: runs.map(toJobRun),
  };
}

export function toLaunchStatus(
  row: JobRow | undefined,
  running: boolean,
  last: JobRunRow | undefined,
): LaunchStatus {
  const figures = last ? parseFigures(last.figures) : null;
  return {
    running,
    lastRun:
      last && last.status !== 'running'
        ? {
            status: last.status,
            timestamp: new Date(last.finished_at ?? last.started_at).toISOString(),
            newItemsAdded: Number(figures?.newItemsAdded ?? 0),
            sourcesFetched: Number(figures?.sourcesFetched ?? 0),
            error: last.error,
          }
        : null,
    nextRunAt: row?.enabled ? iso(row.next_run_at) : null,
  };
}
