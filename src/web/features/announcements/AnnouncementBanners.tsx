// Active announcements as dismissible banners at the top of the dashboard and
// the feed pages (spec 000 §2). While loading, or if loading fails, nothing shows.
import { X } from 'lucide-react';
import { useId } from 'react';
import type { AnnouncementType } from '../../../shared/constants';
import type { Announcement } from '../../../shared/types';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { toastDismissFailed } from './feedback';
import { AnnouncementBody, isExpired, TYPE_ICONS, TYPE_LABELS, useNow } from './parts';
import { useActiveAnnouncements, useDismissAnnouncement } from './queries';

const TONES: Record<AnnouncementType, { box: string; icon: string }> = {
  alert: { box: 'border-warning/50 bg-warning/10', icon: 'text-warning' },
  app_update: { box: 'border-success/50 bg-success/10', icon: 'text-success' },
  information: { box: 'border-primary/40 bg-primary/10', icon: 'text-primary' },
};

export function AnnouncementBanners() {
  const active = useActiveAnnouncements();
  const dismiss = useDismissAnnouncement();
  const now = useNow();
  const list = (active.data ?? []).filter((a) => !isExpired(a.expirationDate, now));
  if (active.isError || list.length === 0) return null;
  return (
    <section aria-label="Announcements" className="flex flex-col gap-3">
      {list.map((a) => (
        <Banner
          key={a.id}
          announcement={a}
          onDismiss={(button) => {
            focusNeighbour(button);
            dismiss.mutate(a.id, { onError: toastDismissFailed });
          }}
        />
      ))}
    </section>
  );
}

/** Keyboard users keep their place: focus moves to the next banner's (or previous) dismiss button. */
function focusNeighbour(button: HTMLElement) {
  const banner = button.closest('article');
  const neighbour = banner?.nextElementSibling ?? banner?.previousElementSibling;
  neighbour?.querySelector<HTMLButtonElement>('button')?.focus();
}

function Banner({
  announcement: a,
  onDismiss,
}: {
  announcement: Announcement;
  onDismiss: (button: HTMLButtonElement) => void;
}) {
  const titleId = useId();
  const tone = TONES[a.type] ?? TONES.information;
  const Icon = TYPE_ICONS[a.type] ?? TYPE_ICONS.information;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="announcement-banner"
      data-type={a.type}
      className={cn('flex items-start gap-3 rounded-lg border p-4 shadow-sm', tone.box)}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 h-5 w-5 shrink-0', tone.icon)} />
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className="font-semibold leading-snug break-words">
          <span className="sr-only">{TYPE_LABELS[a.type]}: </span>
          {a.title}
        </h2>
        <AnnouncementBody content={a.content} className="mt-1 text-foreground/90" />
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="-mt-1 -mr-1 h-8 w-8 shrink-0"
        aria-label={`Dismiss announcement: ${a.title}`}
        title="Dismiss"
        onClick={(e) => onDismiss(e.currentTarget)}
      >
        <X />
      </Button>
    </article>
  );
}
