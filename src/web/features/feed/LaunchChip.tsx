// The chip of a story about a launch: the launch's status and how far it is
// (T−2 d 4 h, or "launched 2 h ago"), linking to the launch on the launch page.
import { Rocket } from 'lucide-react';
import { Link } from 'react-router';
import type { LaunchChip as Launch } from '../../../shared/launches';
import { APP_ROUTES } from '../../../shared/routes';
import { cn } from '../../lib/utils';
import { chipWhen } from './launch-clock';

const TONE: Record<string, string> = {
  success: 'border-success/40 text-success',
  failure: 'border-destructive/40 text-destructive',
  partial: 'border-warning/50 text-warning',
};

export function LaunchChip({ launch, className }: { launch: Launch; className?: string }) {
  const when = chipWhen(launch);
  const status = launch.statusAbbrev ?? launch.status;
  const label = [status, when].filter(Boolean).join(' · ');
  return (
    <Link
      to={`${APP_ROUTES.rocketLaunches}?launch=${launch.id}`}
      title={launch.name}
      aria-label={`Launch ${launch.name}: ${label}`}
      data-testid="launch-chip"
      className={cn(
        'inline-flex max-w-full items-center gap-1 truncate rounded-full border border-border px-2 py-0.5 text-xs font-medium text-foreground/80 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        launch.outcome && TONE[launch.outcome],
        className,
      )}
    >
      <Rocket className="h-3 w-3 shrink-0" aria-hidden="true" />
      <span className="truncate">{label || launch.name}</span>
    </Link>
  );
}
