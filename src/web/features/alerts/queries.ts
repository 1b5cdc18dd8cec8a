// Alerts (issue 30): query keys and reads, mutations beside them.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AlertSettings,
  ChannelTestResponse,
  ChannelsResponse,
  CreateChannelInput,
  CreatedChannel,
  DeliveriesResponse,
  DeliveryStatus,
  RulesResponse,
  SaveRuleInput,
  SettingsInput,
} from '../../../shared/alerts';
import { api } from '../../lib/api';

export const alertKeys = {
  all: ['alerts'] as const,
  channels: ['alerts', 'channels'] as const,
  rules: ['alerts', 'rules'] as const,
  settings: ['alerts', 'settings'] as const,
  deliveries: (status: DeliveryStatus | 'all', alertId?: number) =>
    ['alerts', 'deliveries', status, alertId ?? null] as const,
};

export const useChannels = () =>
  useQuery({
    queryKey: alertKeys.channels,
    queryFn: async () =>
      (await api.get<ChannelsResponse>('/_api/alerts/channels', 'Failed to load channels'))
        .channels,
  });

export const useRules = () =>
  useQuery({
    queryKey: alertKeys.rules,
    queryFn: async () =>
      (await api.get<RulesResponse>('/_api/alerts/rules', 'Failed to load rules')).rules,
  });

export const useAlertSettings = () =>
  useQuery({
    queryKey: alertKeys.settings,
    queryFn: () => api.get<AlertSettings>('/_api/alerts/settings', 'Failed to load alert settings'),
  });

export function useDeliveries(status: DeliveryStatus | 'all', alertId?: number) {
  return useInfiniteQuery({
    queryKey: alertKeys.deliveries(status, alertId),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams({ status, limit: '20' });
      if (pageParam) q.set('before', String(pageParam));
      if (alertId) q.set('alertId', String(alertId));
      return api.get<DeliveriesResponse>(
        `/_api/alerts/deliveries?${q.toString()}`,
        'Failed to load the delivery log',
      );
    },
    getNextPageParam: (last) => last.nextBefore,
  });
}

/** Every alerts query: after a change, rules' summaries and the log may differ too. */
function useRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: alertKeys.all });
}

export function useCreateChannel() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CreateChannelInput) =>
      api.post<CreatedChannel>('/_api/alerts/channels', input, 'Failed to add the channel'),
    onSuccess: refresh,
  });
}

export function useDeleteChannel() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) =>
      api.post('/_api/alerts/channels/delete', { id }, 'Failed to remove the channel'),
    onSuccess: refresh,
  });
}

export function useTestChannel() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<ChannelTestResponse>(
        '/_api/alerts/channels/test',
        { id },
        'The test could not be sent',
      ),
    onSettled: refresh,
  });
}

export function useSaveRule() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: SaveRuleInput) =>
      api.post<{ id: number }>('/_api/alerts/rules', input, 'Failed to save the rule'),
    onSuccess: refresh,
  });
}

export function useDeleteRule() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) =>
      api.post('/_api/alerts/rules/delete', { id }, 'Failed to delete the rule'),
    onSuccess: refresh,
  });
}

export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SettingsInput) =>
      api.post<AlertSettings>('/_api/alerts/settings', input, 'Failed to save quiet hours'),
    onSuccess: (settings) => qc.setQueryData(alertKeys.settings, settings),
  });
}
