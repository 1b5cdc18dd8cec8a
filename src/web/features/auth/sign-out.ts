import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sessionKey, useLogout } from './session';

/** Navigation state that asks the target page to sign the user out on arrival. */
export const SIGN_OUT_STATE = { signOut: true } as const;

/**
 * Signing out from a guarded page must leave that page first, or its guard would
 * send the visitor to /login?next=…; so the page navigates here with
 * SIGN_OUT_STATE and the sign-out happens on arrival.
 */
export function useSignOutOnArrival(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const started = useRef(false);
  const requested = (location.state as { signOut?: boolean } | null)?.signOut === true;
  useEffect(() => {
    if (!requested || started.current) return;
    started.current = true;
    queryClient.setQueryData(sessionKey, null);
    logout.mutate();
    void navigate(location.pathname, { replace: true, state: null });
  }, [requested, queryClient, logout, navigate, location.pathname]);
  return requested;
}
