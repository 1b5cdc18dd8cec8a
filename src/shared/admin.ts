// The admin panel's and the job framework's calls (spec 001 §2, §5, §7):
// schemas with their messages, constants and answer shapes, for server and web.
import { z } from 'zod';
import { ROLES, type Role } from './constants';
import type { LaunchCallBudget } from './launches';

export const JOB_NAMES = [
  'purge',
  'news-refresh',
  'source-polling',
  'launch-schedule',
  'alerts',
  'housekeeping',
  'sky-tles',
  'site-icons',
  'topic-vocabulary',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

export const PURGE_IN_PROGRESS = 'A purge is already in progress.';
export const ADMIN_ONLY = 'You must be an admin to perform this action.';
export const JOB_IN_PROGRESS = 'This job is already running.';
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own admin status.';
export const CANNOT_CHANGE_OWN_STATUS = 'You cannot disable your own account.';
export const LAST_ADMIN = 'The last admin cannot be demoted.';
export const USER_NOT_FOUND = 'User not found.';
export const ADMIN_USERS_PAGE_SIZE = 50;

const userId = z
  .number({ error: 'User ID must be a positive integer.' })
  .int('User ID must be a positive integer.')
  .positive('User ID must be a positive integer.');

export const updateRoleSchema = z.object({
  userId,
  role: z.enum(ROLES, { error: 'Role must be admin or user.' }),
});

export const updateDisabledSchema = z.object({
  userId,
  isDisabled: z.boolean({ error: 'isDisabled must be a boolean.' }),
});

export const adminUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_USERS_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
});

const jobName = z.enum(JOB_NAMES, { error: 'Unknown job.' });
export const runJobSchema = z.object({ name: jobName });
export const updateJobSchema = z.object({
  name: jobName,
  enabled: z.boolean({ error: 'enabled must be a boolean.' }),
});

export interface AdminUser {
  id: number;
  /** The spec's admin list key: the same positive integer as id. */
  userId: number;
  displayName: string;
  email: string;
  role: Role;
  noAds: boolean;
  isDisabled: boolean;
  avatarUrl: string | null;
  zipCode: string | null;
}

export interface AdminUsersResponse {
  users: AdminUser[];
  pagination: { page: number; pageSize: number; total: number; totalPages: number };
}

export type JobFigures = Record<string, string | number | boolean | null>;

export interface JobRun {
  id: number;
  trigger: 'schedule' | 'manual';
  status: 'running' | 'success' | 'error';
  startedAt: string;
  finishedAt: string | null;
  figures: JobFigures | null;
  error: string | null;
}

/** Facts a job shows beside its schedule (issue 27: the launch job's Launch Library budget). */
export interface JobDetails {
  callBudget?: LaunchCallBudget;
}

export interface JobInfo {
  name: JobName;
  title: string;
  description: string;
  enabled: boolean;
  /** The schedule in words, e.g. "Daily at 06:00 America/New_York". */
  schedule: string;
  nextRunAt: string | null;
  running: boolean;
  lastRuns: JobRun[];
  details?: JobDetails;
}

export interface JobsResponse {
  jobs: JobInfo[];
  /** Stories published more than this many days ago are purged (PURGE_AGE_DAYS; 0: never). */
  purgeAgeDays: number;
}

export interface PurgeResponse {
  deletedCount: number;
  /** Old stories kept because someone saved them (issue 25). */
  savedKeptCount: number;
}

/** The rocket page's status line: the launch job's state (spec 001 §2 "Dedicated feed pages"). */
export interface LaunchStatus {
  running: boolean;
  lastRun: {
    status: 'success' | 'error';
    timestamp: string;
    newItemsAdded: number;
    sourcesFetched: number;
    error: string | null;
  } | null;
  nextRunAt: string | null;
}
