// Login and registration (spec §4): the user is stored in the session cache
// directly; after login the sources are fetched and an AI news query runs.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BRIEFING_CUTOFF_HOUR,
  EVENING_NEWS_QUERY,
  MORNING_NEWS_QUERY,
} from '../../../shared/constants';
import type { User } from '../../../shared/types';
import { api } from '../../lib/api';
import { sourceKeys } from '../sources/queries';
import { sessionKey } from './session';
import { claimPrivateData } from '../../pwa/private-data';

// The server writes the current New York window's briefing for either text (ai/briefing.ts).
export { EVENING_NEWS_QUERY, MORNING_NEWS_QUERY } from '../../../shared/constants';

export type AuthPhase = 'idle' | 'submitting' | 'preparing';

export function newsQueryForHour(hour: number): string {
  return hour < BRIEFING_CUTOFF_HOUR ? MORNING_NEWS_QUERY : EVENING_NEWS_QUERY;
}

function refreshNews(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['news'] });
  void queryClient.invalidateQueries({ queryKey: sourceKeys.all });
}

/**
 * After login the server refreshes the user's due sources itself (AppContext.onLogin),
 * so the browser only starts the AI news query and preloads the dashboard; the
 * query's failures are only logged.
 */
async function afterLogin(queryClient: QueryClient) {
  api
    .post('/_api/news/query', { query: newsQueryForHour(new Date().getHours()) })
    .then(() => refreshNews(queryClient))
    .catch((e) => console.error('News query failed', e));
  await preloadDashboard(queryClient);
}

/** Preload what the dashboard shows first. */
async function preloadDashboard(queryClient: QueryClient) {
  await queryClient
    .prefetchQuery({
      queryKey: sourceKeys.all,
      queryFn: async () => (await api.get<{ sources: unknown[] }>('/_api/news/sources')).sources,
    })
    .catch((e) => console.error('Preloading the dashboard failed', e));
}

export interface LoginInput {
  email: string;
  password: string;
}
export interface RegisterInput extends LoginInput {
  displayName: string;
  zipCode?: string | null;
}

/** One hook for both forms: submit, then the "fetching/preparing" phase, then the session is set. */
export function useAuthSubmit() {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<AuthPhase>('idle');

  async function run(
    path: string,
    body: unknown,
    fallback: string,
    after: (qc: QueryClient) => Promise<void>,
  ): Promise<User> {
    setPhase('submitting');
    try {
      const { user } = await api.post<{ user: User }>(path, body, fallback);
      setPhase('preparing');
      // Offline copies of another user's answers and calls go first (src/web/pwa/).
      await claimPrivateData(user.id);
      await after(queryClient);
      queryClient.setQueryData(sessionKey, user);
      return user;
    } finally {
      setPhase('idle');
    }
  }

  return {
    phase,
    // The spec's fallbacks (§8) when an error body carries no message.
    login: (input: LoginInput) =>
      run('/_api/auth/login_with_password', input, 'Login failed', afterLogin),
    register: (input: RegisterInput) =>
      run('/_api/auth/register_with_password', input, 'Registration failed', preloadDashboard),
  };
}
