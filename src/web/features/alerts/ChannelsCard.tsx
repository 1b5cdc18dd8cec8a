// Alerts → Channels: where alerts go (this device's push, ntfy, a webhook,
// e-mail), each with "Send test", whose failure is shown in the channel's own words.
import { BellRing, Mail, Plus, Send, Smartphone, Trash2, Webhook } from 'lucide-react';
import { useState } from 'react';
import type { AlertChannel, ChannelKind } from '../../../shared/alerts';
import { FormAlert } from '../../components/FormAlert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../lib/toast';
import { AddChannelDialog } from './AddChannelDialog';
import { deviceName, PushSetupError, subscribeThisDevice } from './push';
import {
  useAlertSettings,
  useChannels,
  useCreateChannel,
  useDeleteChannel,
  useTestChannel,
} from './queries';

export const CHANNEL_ICONS: Record<ChannelKind, typeof Mail> = {
  push: Smartphone,
  ntfy: BellRing,
  webhook: Webhook,
  email: Mail,
};
export const CHANNEL_LABELS: Record<ChannelKind, string> = {
  push: 'Push',
  ntfy: 'ntfy',
  webhook: 'Webhook',
  email: 'E-mail',
};

function detail(c: AlertChannel): string {
  if (c.kind === 'ntfy')
    return `${c.url ?? ''} · topic ${c.topic ?? ''}${c.hasToken ? ' · token' : ''}`;
  if (c.kind === 'email') return c.email ?? '';
  if (c.kind === 'push') return `Push service ${c.url ?? ''}`;
  return c.url ?? '';
}

function ChannelRow({ channel, onRemove }: { channel: AlertChannel; onRemove: () => void }) {
  const test = useTestChannel();
  const Icon = CHANNEL_ICONS[channel.kind];
  const failure = test.error?.message ?? (test.data && !test.data.ok ? test.data.error : undefined);
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <Icon aria-hidden="true" className="h-4 w-4 shrink-0 text-muted-foreground" />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            {channel.name}
            <Badge variant="outline">{CHANNEL_LABELS[channel.kind]}</Badge>
            {channel.status === 'gone' && <Badge variant="destructive">Removed</Badge>}
          </p>
          <p className="truncate text-xs text-muted-foreground">{detail(channel)}</p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={test.isPending || channel.status === 'gone'}
            aria-label={`Send test to ${channel.name}`}
            onClick={() =>
              test.mutate(channel.id, {
                onSuccess: (r) => r.ok && toast.success(`Test sent to ${channel.name}`),
              })
            }
          >
            <Send />
            {test.isPending ? 'Sending...' : 'Send test'}
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="text-destructive"
            aria-label={`Remove ${channel.name}`}
            onClick={onRemove}
          >
            <Trash2 />
            <span className="max-sm:sr-only">Remove</span>
          </Button>
        </div>
      </div>
      {channel.status === 'gone' && channel.statusReason && (
        <p className="text-xs text-muted-foreground">{channel.statusReason}</p>
      )}
      {failure && <FormAlert message={`Test failed: ${failure}`} />}
    </li>
  );
}

export function ChannelsCard() {
  const channels = useChannels();
  const settings = useAlertSettings();
  const create = useCreateChannel();
  const remove = useDeleteChannel();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<AlertChannel | null>(null);
  const [pushError, setPushError] = useState<string | null>(null);
  const [pushBusy, setPushBusy] = useState(false);

  async function enablePush() {
    setPushError(null);
    if (!settings.data) return;
    setPushBusy(true);
    try {
      const sub = await subscribeThisDevice(settings.data.vapidPublicKey);
      await create.mutateAsync({ kind: 'push', name: deviceName(), ...sub });
      toast.success('Push alerts are on for this device');
    } catch (err) {
      setPushError(
        err instanceof PushSetupError || err instanceof Error ? err.message : String(err),
      );
    } finally {
      setPushBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Channels</CardTitle>
        <CardDescription>Where your alerts go. Send a test to check one works.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void enablePush()} disabled={pushBusy || !settings.data}>
            <Smartphone />
            {pushBusy ? 'Asking the browser...' : 'Enable push on this device'}
          </Button>
          <Button variant="outline" onClick={() => setAdding(true)}>
            <Plus />
            Add channel
          </Button>
        </div>
        <FormAlert message={pushError} />
        {channels.isPending && <Skeleton className="h-14 w-full" />}
        {channels.isError && <FormAlert message={channels.error.message} />}
        {channels.data?.length === 0 && (
          <p className="text-sm text-muted-foreground">
            No channels yet. Turn on push for this device, or add ntfy, a webhook or e-mail.
          </p>
        )}
        {!!channels.data?.length && (
          <ul aria-label="Your channels" className="flex flex-col divide-y divide-border">
            {channels.data.map((c) => (
              <ChannelRow key={c.id} channel={c} onRemove={() => setRemoving(c)} />
            ))}
          </ul>
        )}
      </CardContent>
      <AddChannelDialog
        open={adding}
        onOpenChange={setAdding}
        emailAvailable={settings.data?.emailAvailable ?? false}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.name ?? 'this channel'}?`}
        description="Rules stop sending to it, and its entries leave the delivery log."
        confirmLabel="Remove"
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => toast.success('Channel removed'),
            onError: (e) => toast.error(e.message),
          })
        }
      />
    </Card>
  );
}
