import {
  AtSign,
  LayoutDashboard,
  MessageSquare,
  Rocket,
  ShieldCheck,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { Role } from '../../../shared/constants';

export interface NavItem {
  to: string;
  label: string;
  Icon: LucideIcon;
  role?: Role;
}

/** Sidebar items (spec 001 §2 Shared layout). */
export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'Dashboard', Icon: LayoutDashboard },
  { to: '/reddit-feeds', label: 'Reddit Feeds', Icon: MessageSquare },
  { to: '/bluesky-feeds', label: 'BlueSky Feeds', Icon: AtSign },
  { to: '/rocket-launches', label: 'Rocket Launches', Icon: Rocket },
  { to: '/admin', label: 'Admin', Icon: ShieldCheck, role: 'admin' },
  { to: '/account', label: 'Account', Icon: UserRound },
];

/** Active by path prefix; Dashboard only on exactly '/'. */
export function isActive(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
