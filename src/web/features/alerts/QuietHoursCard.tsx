// Alerts → Quiet hours: alerts due in them wait until they end (never dropped);
// a rule may let its "now" events through. Times are the user's local time.
import { Moon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { AlertSettings } from '../../../shared/alerts';
import { FormAlert } from '../../components/FormAlert';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { Switch } from '../../components/ui/switch';
import { toast } from '../../lib/toast';
import { useAlertSettings, useSaveSettings } from './queries';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function QuietHoursForm({ settings }: { settings: AlertSettings }) {
  const save = useSaveSettings();
  const id = useId();
  const [on, setOn] = useState(settings.quietHours !== null);
  const [start, setStart] = useState(settings.quietHours?.start ?? '22:00');
  const [end, setEnd] = useState(settings.quietHours?.end ?? '07:00');
  const zone = browserZone();

  // The rules' times are read in the user's zone: take this browser's the first time.
  const { mutate } = save;
  useEffect(() => {
    if (settings.timeZone === null && zone) mutate({ timeZone: zone });
  }, [settings.timeZone, zone, mutate]);

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { quietHours: on ? { start, end } : null, timeZone: settings.timeZone ?? zone },
          {
            onSuccess: () =>
              toast.success(on ? `Quiet from ${start} to ${end}` : 'Quiet hours off'),
          },
        );
      }}
    >
      <label className="flex items-center justify-between gap-3 text-sm font-medium">
        Hold alerts during quiet hours
        <Switch checked={on} onCheckedChange={setOn} aria-label="Quiet hours" />
      </label>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-from`}>From</Label>
          <Input
            id={`${id}-from`}
            type="time"
            className="w-32"
            value={start}
            disabled={!on}
            onChange={(e) => setStart(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-to`}>Until</Label>
          <Input
            id={`${id}-to`}
            type="time"
            className="w-32"
            value={end}
            disabled={!on}
            onChange={(e) => setEnd(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Times are in {settings.timeZone ?? zone}.
        {settings.timeZone && settings.timeZone !== zone && (
          <>
            {' '}
            <Button
              type="button"
              variant="link"
              className="h-auto p-0 text-xs"
              onClick={() => save.mutate({ timeZone: zone })}
            >
              Use this device&apos;s zone ({zone})
            </Button>
          </>
        )}
      </p>
      <FormAlert message={save.error?.message} />
    </form>
  );
}

export function QuietHoursCard() {
  const settings = useAlertSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Moon aria-hidden="true" className="h-5 w-5" />
          Quiet hours
        </CardTitle>
        <CardDescription>
          Alerts due in quiet hours wait until they end; none is dropped.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending && <Skeleton className="h-20 w-full" />}
        {settings.isError && <FormAlert message={settings.error.message} />}
        {settings.data && (
          <QuietHoursForm key={settings.data.timeZone ?? ''} settings={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}
