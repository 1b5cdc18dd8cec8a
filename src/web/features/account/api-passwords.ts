// API passwords for reader apps (issue 26): the list, create (the password is in
// that answer only) and revoke, with one query key.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiPassword, ApiPasswordsResponse, CreatedApiPassword } from '../../../shared/sync';
import { api } from '../../lib/api';

const PATH = '/_api/account/api-passwords';
export const apiPasswordsKey = ['account', 'api-passwords'] as const;

export function useApiPasswords() {
  return useQuery({
    queryKey: apiPasswordsKey,
    queryFn: async (): Promise<ApiPassword[]> =>
      (await api.get<ApiPasswordsResponse>(PATH, 'Failed to load API passwords')).passwords,
  });
}

export function useCreateApiPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.post<CreatedApiPassword>(PATH, { name }, 'Failed to create the password'),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiPasswordsKey }),
  });
}

export function useRevokeApiPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`${PATH}/delete`, { id }, 'Failed to revoke the password'),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiPasswordsKey }),
  });
}
