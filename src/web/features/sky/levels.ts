// Colours for the spec's levels (the levels themselves live in shared/sky.ts).
import type { BadgeVariant } from '../../components/ui/badge';
import {
  kpLevel,
  type FactorLevel,
  type KpBadgeLevel,
  type KpLevel,
  type StargazingLevel,
} from '../../../shared/sky';
import type { Verdict } from '../../../shared/sky-tonight';

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

const kpBar: Record<KpLevel, string> = {
  Quiet: 'bg-success',
  Unsettled: 'bg-warning',
  Active: 'bg-warning',
  'Minor to Moderate Storm': 'bg-destructive',
  'Strong to Extreme Storm': 'bg-destructive',
};

/** Bar colour by the dialog's Kp level: quiet green, unsettled/active amber, storms red. */
export const kpBarClass = (kp: number) => kpBar[kpLevel(kp)];

/** The Tonight verdict (issue 28): Go green, Marginal amber, No-go red. */
export const verdictVariant: Record<Verdict, BadgeVariant> = {
  go: 'success',
  marginal: 'warning',
  'no-go': 'destructive',
};
