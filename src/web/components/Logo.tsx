import { cn } from '../lib/utils';

/** The AstroDash mark (the same picture as the favicon). */
export function Logo({ className }: { className?: string }) {
  return <img src="/favicon.svg" alt="" aria-hidden="true" className={cn('h-8 w-8', className)} />;
}
