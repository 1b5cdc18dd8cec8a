// Alerts → Delivery log: what was sent, what waits (scheduled, held for quiet
// hours, to be retried), what failed or was cancelled, each with its reason.
import { ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import type { AlertDelivery, DeliveryStatus } from '../../../shared/alerts';
import { FormAlert } from '../../components/FormAlert';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Label, NativeSelect } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDateTime } from '../../lib/format';
import { CHANNEL_LABELS } from './ChannelsCard';
import { useDeliveries } from './queries';

const STATUS: Record<DeliveryStatus, { label: string; variant: BadgeVariant }> = {
  sent: { label: 'Sent', variant: 'success' },
  pending: { label: 'Scheduled', variant: 'secondary' },
  deferred: { label: 'Deferred', variant: 'warning' },
  failed: { label: 'Failed', variant: 'destructive' },
  cancelled: { label: 'Cancelled', variant: 'outline' },
};
const FILTERS: [DeliveryStatus | 'all', string][] = [
  ['all', 'Everything'],
  ['sent', 'Sent'],
  ['pending', 'Scheduled'],
  ['deferred', 'Deferred'],
  ['failed', 'Failed'],
  ['cancelled', 'Cancelled'],
];

function when(d: AlertDelivery): string {
  if (d.status === 'sent' && d.sentAt) return `Sent ${formatDateTime(d.sentAt)}`;
  if (d.status === 'pending' || d.status === 'deferred') return `Due ${formatDateTime(d.dueAt)}`;
  return formatDateTime(d.dueAt);
}

export function DeliveryItem({ d }: { d: AlertDelivery }) {
  const status = STATUS[d.status];
  return (
    <li className="flex flex-col gap-1 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={status.variant}>{status.label}</Badge>
        <span className="min-w-0 flex-1 text-sm font-medium break-words">{d.title}</span>
      </div>
      {d.body && <p className="text-sm whitespace-pre-line text-muted-foreground">{d.body}</p>}
      {d.reason && <p className="text-xs text-muted-foreground">{d.reason}</p>}
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
        <span>{when(d)}</span>
        <span>
          · {d.channelName} ({CHANNEL_LABELS[d.channelKind]})
        </span>
        {d.attempts > 1 && <span>· {d.attempts} tries</span>}
      </p>
    </li>
  );
}

export function DeliveryLog() {
  const id = useId();
  const [status, setStatus] = useState<DeliveryStatus | 'all'>('all');
  const log = useDeliveries(status);
  const items = log.data?.pages.flatMap((p) => p.deliveries) ?? [];
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Delivery log</CardTitle>
          <CardDescription>Every alert on every channel, newest first.</CardDescription>
        </div>
        <div className="flex items-center gap-2">
          <Label htmlFor={id} className="sr-only">
            Show
          </Label>
          <NativeSelect
            id={id}
            value={status}
            onChange={(e) => setStatus(e.target.value as typeof status)}
          >
            {FILTERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </CardHeader>
      <CardContent>
        {log.isPending && <Skeleton className="h-20 w-full" />}
        {log.isError && <FormAlert message={log.error.message} />}
        {log.isSuccess && items.length === 0 && (
          <p className="text-sm text-muted-foreground">
            {status === 'all' ? 'No alerts yet. They appear here as your rules fire.' : 'None.'}
          </p>
        )}
        {items.length > 0 && (
          <ul aria-label="Delivery log" className="flex flex-col divide-y divide-border">
            {items.map((d) => (
              <DeliveryItem key={d.id} d={d} />
            ))}
          </ul>
        )}
        {log.hasNextPage && (
          <Button
            variant="outline"
            className="mt-3 w-full"
            disabled={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            {log.isFetchingNextPage ? 'Loading...' : 'Show older'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** The stories of one alert, opened from a notification (/alerts?alert=ID). */
export function AlertStories({ alertId }: { alertId: number }) {
  const log = useDeliveries('all', alertId);
  const first = log.data?.pages[0]?.deliveries[0];
  return (
    <Card className="border-primary/40">
      <CardHeader>
        <CardTitle>{first?.title ?? 'Alert'}</CardTitle>
        {first && <CardDescription>{when(first)}</CardDescription>}
      </CardHeader>
      <CardContent>
        {log.isPending && <Skeleton className="h-16 w-full" />}
        {log.isError && <FormAlert message={log.error.message} />}
        {log.isSuccess && !first && (
          <p className="text-sm text-muted-foreground">This alert is no longer in your log.</p>
        )}
        {first && first.stories.length === 0 && <p className="text-sm">{first.body}</p>}
        {first && first.stories.length > 0 && (
          <ul aria-label="Stories in this alert" className="flex flex-col gap-2">
            {first.stories.map((s) => (
              <li key={s.id} className="text-sm">
                <a
                  href={s.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-start gap-1 font-medium text-primary hover:underline"
                >
                  {s.title}
                  <ExternalLink aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" />
                </a>
                <span className="block text-xs text-muted-foreground">{s.source}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
