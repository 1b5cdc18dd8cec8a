// Small pieces every announcement screen shares: the type badge and icon, the
// Markdown body, and the expiry test.
import { Info, Sparkles, TriangleAlert, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { AnnouncementType } from '../../../shared/constants';
import { LazyMarkdown } from '../../components/LazyMarkdown';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { cn } from '../../lib/utils';

export const TYPE_LABELS: Record<AnnouncementType, string> = {
  alert: 'Alert',
  app_update: 'App Update',
  information: 'Information',
};

/** Spec 000 §2: alert warning, app_update success, information secondary. */
const TYPE_BADGES: Record<AnnouncementType, BadgeVariant> = {
  alert: 'warning',
  app_update: 'success',
  information: 'secondary',
};

export const TYPE_ICONS: Record<AnnouncementType, LucideIcon> = {
  alert: TriangleAlert,
  app_update: Sparkles,
  information: Info,
};

export function TypeBadge({ type }: { type: AnnouncementType }) {
  return <Badge variant={TYPE_BADGES[type] ?? 'secondary'}>{TYPE_LABELS[type] ?? type}</Badge>;
}

export const isExpired = (expirationDate: string, at: number) => Date.parse(expirationDate) <= at;

/** The current time, ticking each minute, so an announcement expires on screen too. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

// Prose styles for Markdown, scoped here so no global stylesheet changes.
const PROSE = [
  'min-w-0 break-words text-sm leading-relaxed',
  '[&>*:first-child]:mt-0 [&>*:last-child]:mb-0 [&_p]:my-1.5',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2',
  '[&_strong]:font-semibold [&_em]:italic',
  '[&_ul]:my-1.5 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-1.5 [&_ol]:list-decimal [&_ol]:pl-5',
  '[&_h1]:mt-2 [&_h1]:text-base [&_h1]:font-semibold [&_h2]:mt-2 [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:font-semibold',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-[0.85em]',
  '[&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_blockquote]:border-l-2 [&_blockquote]:border-border [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground',
  '[&_img]:my-2 [&_img]:max-h-64 [&_img]:max-w-full [&_img]:rounded-md',
  '[&_hr]:my-3 [&_hr]:border-border',
].join(' ');

export function AnnouncementBody({ content, className }: { content: string; className?: string }) {
  return <LazyMarkdown className={cn(PROSE, className)}>{content}</LazyMarkdown>;
}
