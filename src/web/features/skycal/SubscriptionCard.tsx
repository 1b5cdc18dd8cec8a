// The private iCal subscription: one URL per user that any calendar app can
// follow (sky events and launches). The server keeps only a hash of its token,
// so the URL is shown once, when created; a new one replaces the old.
import { CalendarPlus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { CreatedCalendarFeed } from '../../../shared/sky-calendar';
import { FormAlert } from '../../components/FormAlert';
import { ShownOnceUrl } from '../../components/ShownOnceUrl';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from './queries';

export function SubscriptionCard() {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [created, setCreated] = useState<CreatedCalendarFeed | null>(null);
  const [confirming, setConfirming] = useState<'replace' | 'revoke' | null>(null);
  const make = () =>
    create.mutate(undefined, {
      onSuccess: (f) => setCreated(f),
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarPlus className="h-5 w-5" aria-hidden="true" />
          Subscribe in your calendar app
        </CardTitle>
        <CardDescription>
          A private URL your calendar app follows (Google Calendar, Apple Calendar, Outlook,
          Thunderbird): these sky events and the rocket launches in your feed, kept up to date.
          Anyone who has the URL can read it: revoke a URL that leaked.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {feed.isError && <FormAlert message={feed.error.message} />}
        {feed.data && (
          <p className="text-sm text-muted-foreground">
            Your subscription URL was created {formatDate(feed.data.createdAt)} ·{' '}
            {feed.data.lastUsedAt
              ? `last read ${formatDate(feed.data.lastUsedAt)}`
              : 'not read yet'}
            .
          </p>
        )}
        {created && (
          <ShownOnceUrl
            message="Your calendar URL."
            label="Calendar URL"
            url={created.url}
            copied="Calendar URL copied"
          />
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            disabled={create.isPending || feed.isPending}
            onClick={() => (feed.data ? setConfirming('replace') : make())}
          >
            {create.isPending
              ? 'Creating...'
              : feed.data
                ? 'Replace the URL'
                : 'Create calendar URL'}
          </Button>
          {feed.data && (
            <Button
              variant="outline"
              className="text-destructive"
              disabled={revoke.isPending}
              onClick={() => setConfirming('revoke')}
            >
              <Trash2 />
              Revoke
            </Button>
          )}
        </div>
        <FormAlert message={create.error?.message ?? revoke.error?.message} />
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming === 'replace' ? 'Replace the calendar URL?' : 'Revoke the calendar URL?'}
        description={
          confirming === 'replace'
            ? 'Calendar apps following the current URL stop receiving updates; you get a new URL to give them.'
            : 'Calendar apps following it stop receiving updates. This cannot be undone.'
        }
        confirmLabel={confirming === 'replace' ? 'Replace' : 'Revoke'}
        onConfirm={() => {
          if (confirming === 'replace') make();
          else
            revoke.mutate(undefined, {
              onSuccess: () => {
                setCreated(null);
                toast.success('Calendar URL revoked');
              },
            });
        }}
      />
    </Card>
  );
}
