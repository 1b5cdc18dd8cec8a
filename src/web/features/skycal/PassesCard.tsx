// The next 5 days of visible satellite passes over the user's place, with their
// minimum peak elevation (a setting kept on the server) and the orbits' age.
import { Satellite } from 'lucide-react';
import { useId } from 'react';
import { MIN_ELEVATION_DEFAULT, type SatellitePass } from '../../../shared/sky-calendar';
import { FormAlert } from '../../components/FormAlert';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Label, NativeSelect } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDateTime, formatTime } from '../../lib/format';
import { age, compass } from './format';
import { usePasses, useSetMinElevation } from './queries';

const MINIMUMS = [10, 20, 30, 40, 50, 60, 70];

function PassRow({ pass, timeZone }: { pass: SatellitePass; timeZone?: string }) {
  return (
    <li className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:items-baseline sm:gap-3">
      <span className="font-medium sm:w-56 sm:shrink-0">
        {formatDateTime(pass.visibleFrom, { timeZone, weekday: true }).replace(/, \d{4},/, ',')}
      </span>
      <span className="text-sm">
        <span className="font-medium">{pass.satellite}</span>: visible{' '}
        {formatTime(pass.visibleFrom, timeZone)}–{formatTime(pass.visibleUntil, timeZone)}, from{' '}
        {compass(pass.riseAzimuth)} to {compass(pass.setAzimuth)}, highest{' '}
        {Math.round(pass.visibleMaxElevation)}° {compass(pass.peakAzimuth)}
        <span className="text-muted-foreground">
          {' '}
          (rises {formatTime(pass.rise, timeZone)}, sets {formatTime(pass.set, timeZone)})
        </span>
      </span>
    </li>
  );
}

export function PassesCard({ hasPlace, timeZone }: { hasPlace: boolean; timeZone?: string }) {
  const passes = usePasses(hasPlace);
  const setMin = useSetMinElevation();
  const selectId = useId();
  const data = passes.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Satellite className="h-5 w-5" aria-hidden="true" />
          Satellite passes
        </CardTitle>
        <CardDescription>
          The ISS, Tiangong and Hubble over the next 5 days, when they are sunlit against a dark sky
          {data ? ` from ${data.place.name}` : ''}.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {!hasPlace ? (
          <p className="text-sm text-muted-foreground">
            Set your location (the pin in the header) to see satellite passes.
          </p>
        ) : passes.isPending ? (
          <div className="flex flex-col gap-2" data-testid="passes-loading">
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-4/5" />
            <Skeleton className="h-5 w-3/5" />
          </div>
        ) : passes.isError ? (
          <FormAlert message={passes.error.message} />
        ) : (
          <>
            <div className="flex flex-wrap items-end gap-3">
              <div className="space-y-1.5">
                <Label htmlFor={selectId}>Only passes climbing at least</Label>
                <NativeSelect
                  id={selectId}
                  value={data?.minElevation ?? MIN_ELEVATION_DEFAULT}
                  disabled={setMin.isPending}
                  onChange={(e) => setMin.mutate(Number(e.target.value))}
                  className="w-28"
                >
                  {MINIMUMS.map((m) => (
                    <option key={m} value={m}>
                      {m}° up
                    </option>
                  ))}
                </NativeSelect>
              </div>
              {data?.tles.length ? (
                <p className="pb-2 text-xs text-muted-foreground">
                  Orbits from CelesTrak, {age(data.tles[0].epoch)}.
                </p>
              ) : null}
            </div>
            <FormAlert message={setMin.error?.message} />
            {data && data.tles.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                Satellite orbits have not been fetched yet: they are read from CelesTrak every 12
                hours.
              </p>
            ) : data && data.passes.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No visible pass climbs {data.minElevation}° in the next 5 days. Try a lower minimum.
              </p>
            ) : (
              <ul aria-label="Visible passes" className="flex flex-col divide-y divide-border">
                {data?.passes.map((p) => (
                  <PassRow key={`${p.noradId}-${p.rise}`} pass={p} timeZone={timeZone} />
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
