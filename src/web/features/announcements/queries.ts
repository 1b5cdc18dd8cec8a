// Query keys and hooks for announcements. Every change refreshes every list
// (keys under 'announcements'): banners, history and the admin table.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Announcement } from '../../../shared/types';
import * as api from './api';

export const announcementKeys = {
  all: ['announcements'] as const,
  active: ['announcements', 'active'] as const,
  history: ['announcements', 'history'] as const,
  admin: ['announcements', 'admin'] as const,
};

export const useActiveAnnouncements = () =>
  useQuery({ queryKey: announcementKeys.active, queryFn: api.fetchActive });

export const useAnnouncementHistory = () =>
  useQuery({ queryKey: announcementKeys.history, queryFn: api.fetchHistory });

export const useAdminAnnouncements = () =>
  useQuery({ queryKey: announcementKeys.admin, queryFn: api.fetchAdminList });

function useInvalidateAnnouncements() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: announcementKeys.all });
}

/** Hides the banner at once; puts it back if the server refuses. */
export function useDismissAnnouncement() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAnnouncements();
  return useMutation({
    mutationFn: api.dismissAnnouncement,
    onMutate: async (id: number) => {
      await queryClient.cancelQueries({ queryKey: announcementKeys.active });
      const previous = queryClient.getQueryData<Announcement[]>(announcementKeys.active);
      queryClient.setQueryData<Announcement[]>(announcementKeys.active, (list) =>
        list?.filter((a) => a.id !== id),
      );
      return { previous };
    },
    onError: (_e, _id, context) => {
      if (context?.previous) queryClient.setQueryData(announcementKeys.active, context.previous);
    },
    onSettled: invalidate,
  });
}

export function useCreateAnnouncement() {
  const invalidate = useInvalidateAnnouncements();
  return useMutation({ mutationFn: api.createAnnouncement, onSettled: invalidate });
}

export function useUpdateAnnouncement() {
  const invalidate = useInvalidateAnnouncements();
  return useMutation({ mutationFn: api.updateAnnouncement, onSettled: invalidate });
}

export function useDeleteAnnouncement() {
  const invalidate = useInvalidateAnnouncements();
  return useMutation({ mutationFn: api.deleteAnnouncement, onSettled: invalidate });
}
