// Colours for the spec's levels (the levels themselves live in shared/sky.ts).
import type { BadgeVariant } from '../../components/ui/badge';
import type { FactorLevel, KpBadgeLevel, StargazingLevel } from '../../../shared/sky';

export const stargazingVariant: Record<StargazingLevel, BadgeVariant> = {
  excellent: 'success',
  good: 'default',
  fair: 'warning',
  poor: 'destructive',
};

export const kpBadgeVariant: Record<KpBadgeLevel, BadgeVariant> = {
  Quiet: 'success',
  Moderate: 'warning',
  Strong: 'destructive',
  Severe: 'destructive',
};

export const factorBarClass: Record<FactorLevel, string> = {
  poor: 'bg-destructive',
  fair: 'bg-warning',
  good: 'bg-success',
};

export const factorTextClass: Record<FactorLevel, string> = {
  poor: 'text-destructive',
  fair: 'text-warning',
  good: 'text-success',
};

/** Bar colour by Kp: quiet green, unsettled/active amber, storms red. */
export const kpBarClass = (kp: number) =>
  Math.round(kp) <= 2 ? 'bg-success' : Math.round(kp) <= 4 ? 'bg-warning' : 'bg-destructive';
