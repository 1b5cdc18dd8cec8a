// The session (spec §4 "Auth state"): checked once, cached indefinitely, one retry.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../shared/types';
import { api, ApiError } from '../../lib/api';
import { claimPrivateData, clearPrivateData } from '../../pwa/private-data';

export const sessionKey = ['session'] as const;

export type SessionState =
  | { status: 'loading'; user: null; error?: undefined }
  | { status: 'authenticated'; user: User; error?: undefined }
  | { status: 'unauthenticated'; user: null; error?: string };

export function useSession(): SessionState {
  const query = useQuery({
    queryKey: sessionKey,
    queryFn: async () => {
      try {
        const { user } = await api.get<{ user: User | null }>('/_api/auth/session');
        // Offline copies of another user's answers and calls go before this user's screens.
        if (user) await claimPrivateData(user.id);
        return user;
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) return null;
        throw e;
      }
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
  if (query.isPending) return { status: 'loading', user: null };
  if (query.isError) {
    return {
      status: 'unauthenticated',
      user: null,
      error: query.error.message || 'Session check failed',
    };
  }
  return query.data
    ? { status: 'authenticated', user: query.data }
    : { status: 'unauthenticated', user: null };
}

/** Logout: clear the cached user, call the server, refetch the session (spec). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      queryClient.setQueryData(sessionKey, null);
      // The offline copies of this user's answers and their queued calls go too.
      await clearPrivateData().catch((e: unknown) =>
        console.error('Clearing offline data failed', e),
      );
      try {
        await api.post('/_api/auth/logout', {});
      } catch (e) {
        console.error('Logout failed', e); // spec: a logout failure is only logged
      }
    },
    onSettled: async () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
      await queryClient.invalidateQueries({ queryKey: sessionKey });
    },
  });
}
