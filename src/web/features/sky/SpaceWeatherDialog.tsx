// Space Weather Conditions: Kp and its level, solar activity, aurora, the 24-hour
// Kp forecast as a bar chart, active warnings and what Kp means.
import { kpLevel, type SpaceWeather } from '../../../shared/sky';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { DetailRow } from './DetailRow';
import { formatTime } from './format';
import { kpBarClass } from './levels';

function flareLevel(flareClass: string): string {
  switch (flareClass[0]) {
    case 'X':
      return 'Extreme';
    case 'M':
      return 'High';
    case 'C':
      return 'Moderate';
    default:
      return 'Low';
  }
}

function KpForecastChart({
  entries,
  timeZone,
}: {
  entries: SpaceWeather['kpForecast24h'];
  timeZone?: string;
}) {
  if (entries.length === 0) {
    return <p className="text-sm text-muted-foreground">No forecast available.</p>;
  }
  const label = entries
    .map((e) => `${formatTime(e.timePeriod, timeZone)}: Kp ${e.kpIndex}`)
    .join(', ');
  return (
    <div role="img" aria-label={`Kp forecast: ${label}`} className="flex h-36 items-end gap-1.5">
      {entries.map((e) => (
        <div
          key={e.timePeriod}
          className="flex h-full flex-1 flex-col items-center justify-end gap-1"
        >
          <span className="text-[10px] font-medium">{e.kpIndex}</span>
          <div
            data-testid="kp-bar"
            className={`w-full rounded-t-sm ${kpBarClass(e.kpIndex)}`}
            style={{ height: `${Math.max(2, (e.kpIndex / 9) * 100)}%` }}
          />
          <span className="text-[10px] whitespace-nowrap text-muted-foreground">
            {formatTime(e.timePeriod, timeZone)}
          </span>
        </div>
      ))}
    </div>
  );
}

export function SpaceWeatherDialog({
  space,
  timeZone,
  open,
  onOpenChange,
}: {
  space: SpaceWeather;
  /** The place's zone, so forecast periods read in local time. */
  timeZone?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Space Weather Conditions</DialogTitle>
          <DialogDescription>Geomagnetic activity and the Sun, from NOAA SWPC.</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          <DetailRow label="Current Kp Index" hint={kpLevel(space.kpIndex)}>
            {space.kpIndex}
          </DetailRow>
          <DetailRow
            label="Solar Activity"
            hint={space.solarActivity ? flareLevel(space.solarActivity) : undefined}
          >
            {space.solarActivity ? `${space.solarActivity}-class` : 'N/A'}
          </DetailRow>
          <DetailRow label="Aurora Max Chance" hint={space.aurora?.description}>
            {space.aurora ? `${space.aurora.maxProbability}%` : 'N/A'}
          </DetailRow>
        </dl>
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">24-Hour Kp Forecast</h3>
          <KpForecastChart entries={space.kpForecast24h} timeZone={timeZone} />
        </section>
        {space.warnings.length > 0 ? (
          <section className="rounded-md border border-destructive/50 bg-destructive/10 p-3">
            <h3 className="mb-1 text-sm font-semibold">Active Warnings</h3>
            <ul className="list-disc pl-5 text-sm">
              {space.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </section>
        ) : null}
        <p className="text-sm text-muted-foreground">
          The Kp index measures disturbance of Earth&apos;s magnetic field on a scale from 0 to 9.
          Up to 2 is quiet, 3 unsettled and 4 active; 5 and above is a geomagnetic storm, when
          aurora can be seen farther from the poles.
        </p>
      </DialogContent>
    </Dialog>
  );
}
