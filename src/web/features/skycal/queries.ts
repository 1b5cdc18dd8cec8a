// The sky calendar page's calls: events of the coming year, satellite passes of
// the next 5 days, the user's minimum pass elevation and the iCal subscription.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CalendarFeedResponse,
  CreatedCalendarFeed,
  SatellitePassesResponse,
  SkyEventsResponse,
} from '../../../shared/sky-calendar';
import { api } from '../../lib/api';

export const skyCalendarKeys = {
  events: ['sky', 'events'] as const,
  passes: ['sky', 'passes'] as const,
  feed: ['sky', 'calendar-feed'] as const,
};

export function useSkyEvents() {
  return useQuery({
    queryKey: skyCalendarKeys.events,
    queryFn: () => api.get<SkyEventsResponse>('/_api/sky/events', 'Failed to load sky events'),
    staleTime: 30 * 60_000,
  });
}

export function usePasses(enabled: boolean) {
  return useQuery({
    queryKey: skyCalendarKeys.passes,
    enabled,
    queryFn: () =>
      api.get<SatellitePassesResponse>('/_api/sky/passes', 'Failed to load satellite passes'),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

export function useSetMinElevation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (minElevation: number) =>
      api.post<{ minElevation: number }>(
        '/_api/sky/passes/settings',
        { minElevation },
        'Failed to save the minimum elevation',
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: skyCalendarKeys.passes }),
  });
}

export function useCalendarFeed() {
  return useQuery({
    queryKey: skyCalendarKeys.feed,
    queryFn: async () =>
      (
        await api.get<CalendarFeedResponse>(
          '/_api/sky/calendar-feed',
          'Failed to load the calendar subscription',
        )
      ).feed,
  });
}

export function useCreateCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<CreatedCalendarFeed>(
        '/_api/sky/calendar-feed',
        {},
        'Failed to create the subscription URL',
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: skyCalendarKeys.feed }),
  });
}

export function useRevokeCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post('/_api/sky/calendar-feed/delete', {}, 'Failed to revoke the subscription URL'),
    onSuccess: () => qc.invalidateQueries({ queryKey: skyCalendarKeys.feed }),
  });
}
