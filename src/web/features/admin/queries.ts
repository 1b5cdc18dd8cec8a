// Query keys, queries and mutations of the admin panel: users, purge, jobs.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminUser,
  AdminUsersResponse,
  JobInfo,
  JobName,
  JobRun,
  JobsResponse,
  PurgeResponse,
} from '../../../shared/admin';
import { api, toQuery } from '../../lib/api';
import { launchStatusKey } from '../feed/RocketStatus';
import { newsKeys } from '../feed/queries';

export const adminKeys = {
  users: (page: number, search: string) => ['admin', 'users', page, search] as const,
  allUsers: ['admin', 'users'] as const,
  jobs: ['admin', 'jobs'] as const,
};

export function useAdminUsers(page: number, search: string) {
  return useQuery({
    queryKey: adminKeys.users(page, search),
    queryFn: () => api.get<AdminUsersResponse>(`/_api/admin/users${toQuery({ page, search })}`),
    placeholderData: keepPreviousData,
  });
}

export function useJobs() {
  return useQuery({
    queryKey: adminKeys.jobs,
    queryFn: () => api.get<JobsResponse>('/_api/admin/jobs'),
    refetchInterval: (query) => (query.state.data?.jobs.some((j) => j.running) ? 2_000 : 30_000),
  });
}

export function useJob(name: JobName): JobInfo | undefined {
  return useJobs().data?.jobs.find((j) => j.name === name);
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { userId: number; role: AdminUser['role'] }) =>
      api.post<{ user: AdminUser }>(
        '/_api/admin/users/update-role',
        v,
        'Failed to update user role',
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.allUsers }),
  });
}

export function useUpdateDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { userId: number; isDisabled: boolean }) =>
      api.post<{ user: AdminUser }>(
        '/_api/admin/users/update-disabled',
        v,
        'Failed to update user disabled status',
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.allUsers }),
  });
}

/** One purge call for the panel's two buttons; the news list and the Jobs card refresh after it. */
export function usePurge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'purge'],
    mutationFn: () => api.post<PurgeResponse>('/_api/admin/purge-old-stories', {}),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: newsKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.jobs }),
      ]),
  });
}

export function useRunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: JobName) => api.post<{ run: JobRun }>('/_api/admin/jobs/run', { name }),
    onMutate: () => queryClient.invalidateQueries({ queryKey: adminKeys.jobs }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.jobs }),
        queryClient.invalidateQueries({ queryKey: newsKeys.all }),
        queryClient.invalidateQueries({ queryKey: launchStatusKey }),
      ]),
  });
}

export function useUpdateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { name: JobName; enabled: boolean }) =>
      api.post<{ job: JobInfo }>('/_api/admin/jobs/update', v),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.jobs }),
  });
}
