// Admin panel: Scheduled Purge and Manual Purge (spec 001 §2, §4, §8). The
// schedule is the server's purge job; its toggle and Run Now drive that job.
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { Switch } from '../../components/ui/switch';
import { formatNextRun } from './format';
import { manualPurgeText, purgeConfirmText, scheduledPurgeText } from './purge-texts';
import { purgeFailed, purgeInProgress, purgeSucceeded } from './purge-toasts';
import { useJob, useJobs, usePurge, useUpdateJob } from './queries';

/** The configured purge age (from the jobs call), undefined while it loads. */
const usePurgeAgeDays = () => useJobs().data?.purgeAgeDays;

/** A purge text once the age is known; a line-high placeholder (a span: it sits in a <p>) before. */
function PurgeText({ text }: { text: (days: number) => string }) {
  const days = usePurgeAgeDays();
  return days === undefined ? (
    <span aria-hidden="true" className="inline-block h-4 w-4/5 animate-pulse rounded-md bg-muted" />
  ) : (
    <>{text(days)}</>
  );
}

export function ScheduledPurgeCard({ isAdmin }: { isAdmin: boolean }) {
  const job = useJob('purge');
  const update = useUpdateJob();
  const purge = usePurge();
  const enabled = job?.enabled ?? false;

  const toggle = (next: boolean) =>
    update.mutate(
      { name: 'purge', enabled: next },
      {
        onSuccess: () =>
          toast.success(next ? 'Auto-purge scheduler enabled.' : 'Auto-purge scheduler disabled.'),
        onError: (e) => toast.error(e.message),
      },
    );

  const runNow = () => {
    if (purge.isPending) return purgeInProgress();
    toast.info('Starting scheduled purge of old stories...');
    purge.mutate(undefined, { onSuccess: purgeSucceeded, onError: purgeFailed });
  };

  return (
    <Card id="scheduled-purge">
      <CardHeader>
        <CardTitle>Scheduled Purge</CardTitle>
        <CardDescription>
          <PurgeText text={scheduledPurgeText} />
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {job ? (
          <div className="flex flex-wrap items-center gap-3">
            <Switch
              id="auto-purge"
              checked={enabled}
              disabled={!isAdmin || update.isPending}
              onCheckedChange={toggle}
              aria-label="Auto Purge"
            />
            <label htmlFor="auto-purge" className="text-sm font-medium">
              Auto Purge
            </label>
            <span
              className={enabled ? 'text-sm text-success' : 'text-sm text-muted-foreground'}
              data-testid="auto-purge-status"
            >
              {enabled ? 'Enabled' : 'Disabled'}
            </span>
          </div>
        ) : (
          <Skeleton className="h-6 w-48" />
        )}
        {enabled && job?.nextRunAt && (
          <p className="text-sm">
            <span className="text-muted-foreground">Next Run: </span>
            <span data-testid="purge-next-run">{formatNextRun(job.nextRunAt)}</span>
          </p>
        )}
        <div>
          <Button
            variant="outline"
            onClick={runNow}
            disabled={!isAdmin || purge.isPending}
            // Each Run Now on the panel names its job (the Jobs card has one per job).
            aria-label={`${purge.isPending ? 'Running...' : 'Run Now'}: Scheduled Purge`}
          >
            {purge.isPending ? 'Running...' : 'Run Now'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

export function ManualPurgeCard() {
  const [open, setOpen] = useState(false);
  const purge = usePurge();

  const confirm = () => {
    if (purge.isPending) return purgeInProgress();
    purge.mutate(undefined, {
      onSuccess: purgeSucceeded,
      onError: purgeFailed,
      onSettled: () => setOpen(false),
    });
  };

  return (
    <Card id="manual-purge">
      <CardHeader>
        <CardTitle>Manual Purge</CardTitle>
        <CardDescription>
          <PurgeText text={manualPurgeText} />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog open={open} onOpenChange={(next) => !purge.isPending && setOpen(next)}>
          <Button variant="destructive" onClick={() => setOpen(true)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Purge Old Stories
          </Button>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Purge Old Stories</DialogTitle>
              <DialogDescription>
                <PurgeText text={purgeConfirmText} />
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline" disabled={purge.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button variant="destructive" onClick={confirm} disabled={purge.isPending}>
                {purge.isPending ? 'Purging...' : 'Yes, Purge Stories'}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
