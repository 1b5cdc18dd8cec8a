// The launch page's queries: the launch list (refreshed with the launch job's
// runs) and one launch's details.
import { useQuery } from '@tanstack/react-query';
import type { LaunchDetailResponse, LaunchesResponse } from '../../../shared/launches';
import { api } from '../../lib/api';

export const launchKeys = {
  all: ['launches'] as const,
  list: ['launches', 'list'] as const,
  detail: (id: string) => ['launches', 'detail', id] as const,
};

export function useLaunches() {
  return useQuery({
    queryKey: launchKeys.list,
    queryFn: () => api.get<LaunchesResponse>('/_api/launches', 'Failed to load launches'),
    // The server polls Launch Library every 20 minutes near a launch: a minute is fresh enough.
    refetchInterval: 60_000,
  });
}

export function useLaunchDetail(id: string | null) {
  return useQuery({
    queryKey: launchKeys.detail(id ?? ''),
    queryFn: () =>
      api.get<LaunchDetailResponse>(
        `/_api/launches/${encodeURIComponent(id!)}`,
        'Failed to load the launch',
      ),
    enabled: id !== null,
  });
}

export const calendarHref = (id: string) => `/_api/launches/${encodeURIComponent(id)}/calendar.ics`;
