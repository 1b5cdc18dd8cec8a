// Route guard for signed-in pages (spec §2): a skeleton while the session
// loads, the login page for anonymous visitors (returning them afterwards via
// ?next=), and Access Denied for the wrong role.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '../../../shared/constants';
import type { User } from '../../../shared/types';
import { AccessDenied } from '../../components/AccessDenied';
import { AuthSkeleton } from '../../components/AuthSkeleton';
import { useSession } from './session';

export interface RequireAuthProps {
  /** The role the page needs; omitted means any signed-in user. */
  role?: Role;
  /** Rendered instead of the redirect when the session check itself failed. */
  sessionErrorFallback?: ReactNode;
  /** Children, or a render function that receives the signed-in user. */
  children: ReactNode | ((user: User) => ReactNode);
}

export function RequireAuth({ role, sessionErrorFallback, children }: RequireAuthProps) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <AuthSkeleton />;
  if (session.status === 'unauthenticated') {
    if (session.error && sessionErrorFallback) return <>{sessionErrorFallback}</>;
    return (
      <Navigate to={loginPathFor(location.pathname + location.search + location.hash)} replace />
    );
  }
  if (role && session.user.role !== role) return <AccessDenied role={session.user.role} />;
  return <>{typeof children === 'function' ? children(session.user) : children}</>;
}

/** /login?next=… for a page the visitor wanted. */
export function loginPathFor(target: string): string {
  return target && target !== '/' ? `/login?next=${encodeURIComponent(target)}` : '/login';
}

/** The ?next= target if it is a path on this site, else '/' (no open redirects). */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}
