// What a job is: a name, a schedule and a function that returns its figures.
import type { Figures } from './repository';
import type { Schedule } from './schedule';
import type { JobName, JobDetails } from '../../shared/admin';

export type { JobName, JobDetails };

export interface JobRunContext {
  /** When the run started, by the runner's clock. */
  now: Date;
  trigger: 'schedule' | 'manual';
  /** Aborted when the server stops: finish the current step and return. */
  signal: AbortSignal;
}

export interface JobDefinition {
  name: JobName;
  title: string;
  description: string;
  schedule: Schedule;
  enabledByDefault: boolean;
  run(run: JobRunContext): Promise<Figures>;
  /**
   * An adaptive schedule's next run, asked after each run, when it is switched on,
   * and at start (when a job with a stored next run turns adaptive).
   */
  nextRunAt?(now: number): Promise<number>;
  /** Facts the Jobs card shows beside the schedule (the launch job's call budget). */
  details?(now: number): Promise<JobDetails>;
}

/**
 * Thrown by a job that ran to its end without doing its work (every source it
 * fetched failed): the run is recorded as failed with this message, and keeps
 * the figures it gathered.
 */
export class JobFailure extends Error {
  constructor(
    message: string,
    readonly figures: Figures,
  ) {
    super(message);
    this.name = 'JobFailure';
  }
}
