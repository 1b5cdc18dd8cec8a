// Account calls (spec §7); every success stores the returned user in the session cache.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Units, User } from '../../../shared/types';
import { api } from '../../lib/api';
import { sessionKey } from '../auth/session';

/** Query-key roots of the header strip's weather and moon data, refreshed after a ZIP change. */
const SKY_KEY_ROOTS = new Set(['sky', 'weather', 'moon', 'space-weather', 'spaceWeather']);

function useUserMutation<TInput>(
  call: (input: TInput) => Promise<{ user: User }>,
  after?: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ user }) => {
      queryClient.setQueryData<User | null>(sessionKey, (current) =>
        current ? { ...current, ...user } : user,
      );
      after?.();
    },
  });
}

export function useUpdateProfile() {
  return useUserMutation(
    (input: { displayName?: string; email?: string; currentPassword?: string }) =>
      api.post<{ user: User }>('/_api/auth/update_profile', input, 'Profile update failed'),
  );
}

export function useUpdateZipCode() {
  const queryClient = useQueryClient();
  return useUserMutation(
    (zipCode: string | null) =>
      api.post<{ user: User }>(
        '/_api/profile/update_zip_code',
        { zipCode },
        'Failed to update zip code',
      ),
    () =>
      void queryClient.invalidateQueries({
        predicate: (q) => SKY_KEY_ROOTS.has(String(q.queryKey[0])),
      }),
  );
}

/** Issue 28: coordinates (typed, or a city's), a ZIP code, and/or the weather units. */
export type LocationInput =
  | { latitude: number; longitude: number; units?: Units }
  | { zipCode: string | null; units?: Units }
  | { units: Units };

export function useUpdateLocation() {
  const queryClient = useQueryClient();
  return useUserMutation(
    (input: LocationInput) =>
      api.post<{ user: User }>('/_api/profile/update_location', input, 'Failed to update location'),
    () =>
      void queryClient.invalidateQueries({
        predicate: (q) => SKY_KEY_ROOTS.has(String(q.queryKey[0])),
      }),
  );
}

export function useUploadAvatar() {
  return useUserMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.upload<{ user: User }>('/_api/account/avatar', form);
  });
}

export function useRemoveAvatar() {
  return useUserMutation(() => api.post<{ user: User }>('/_api/account/avatar/delete', {}));
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      api.post<{ success: true }>('/_api/auth/change_password', input, 'Password change failed'),
  });
}
