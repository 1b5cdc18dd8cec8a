// The header strip (spec 001 §2): nothing signed out, a skeleton while the
// session loads, "Set Location" without a ZIP, else the badges. On a phone the
// badges fold into one button so the header keeps to one row.
import { CloudMoon, MapPin } from 'lucide-react';
import { useState } from 'react';
import type { CurrentWeather } from '../../../shared/sky';
import { Button } from '../../components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover';
import { Skeleton } from '../../components/ui/skeleton';
import { useSession } from '../auth/session';
import { LocationDialog } from './LocationDialog';
import { MoonDialog } from './MoonDialog';
import { SkyError, useMoon, useSpaceWeather, useWeather } from './queries';
import { SpaceWeatherDialog } from './SpaceWeatherDialog';
import { StargazingDialog } from './StargazingDialog';
import { StripItems } from './StripItems';
import { WeatherDialog } from './WeatherDialog';

export type SkyPanel = 'weather' | 'stargazing' | 'moon' | 'space' | 'location';

export interface SkyData {
  weather: ReturnType<typeof useWeather>;
  moon: ReturnType<typeof useMoon>;
  space: ReturnType<typeof useSpaceWeather>;
}

function placeOf(weather: CurrentWeather | undefined, error: unknown) {
  if (weather) return { latitude: weather.latitude, longitude: weather.longitude };
  return error instanceof SkyError ? error.place : undefined;
}

const slot = 'flex min-w-0 flex-1 items-center gap-1';

export function SkyStrip() {
  const session = useSession();
  const zipCode = session.user?.zipCode ?? null;
  const weather = useWeather(zipCode);
  const moon = useMoon(zipCode ? placeOf(weather.data, weather.error) : undefined);
  const space = useSpaceWeather(Boolean(zipCode));
  const [panel, setPanel] = useState<SkyPanel | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);

  if (session.status === 'loading') {
    return (
      <div className={slot} data-testid="sky-strip">
        <Skeleton className="h-6 w-40" />
      </div>
    );
  }
  if (!session.user) return <div className={slot} />;

  const close = (open: boolean) => {
    if (!open) setPanel(null);
  };
  const openPanel = (p: SkyPanel) => {
    setMenuOpen(false);
    setPanel(p);
  };
  const location = (
    <LocationDialog zipCode={zipCode} open={panel === 'location'} onOpenChange={close} />
  );

  if (!zipCode) {
    return (
      <div className={slot} data-testid="sky-strip">
        <Button variant="outline" size="sm" onClick={() => setPanel('location')}>
          <MapPin aria-hidden="true" />
          Set Location
        </Button>
        {location}
      </div>
    );
  }

  const data: SkyData = { weather, moon, space };
  const summary = [
    weather.data ? `${weather.data.temperature}°` : null,
    weather.data ? `${weather.data.stargazingRating}/10` : null,
    space.data ? `KP ${Math.round(space.data.kpIndex * 10) / 10}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className={slot} data-testid="sky-strip">
      <div className="hidden min-w-0 items-center gap-0.5 sm:flex">
        <StripItems data={data} open={openPanel} />
      </div>
      <Popover open={menuOpen} onOpenChange={setMenuOpen}>
        <PopoverTrigger asChild>
          <Button
            variant="outline"
            size="sm"
            className="min-w-0 px-2 sm:hidden"
            aria-label="Sky conditions"
          >
            <CloudMoon aria-hidden="true" />
            <span className="truncate">{summary || 'Sky'}</span>
          </Button>
        </PopoverTrigger>
        <PopoverContent align="start" className="flex w-60 flex-col gap-1 p-2">
          <StripItems data={data} open={openPanel} list />
        </PopoverContent>
      </Popover>
      {weather.data ? (
        <>
          <WeatherDialog weather={weather.data} open={panel === 'weather'} onOpenChange={close} />
          <StargazingDialog
            weather={weather.data}
            open={panel === 'stargazing'}
            onOpenChange={close}
          />
        </>
      ) : null}
      {moon.data ? (
        <MoonDialog
          moon={moon.data}
          timeZone={weather.data?.timezone}
          open={panel === 'moon'}
          onOpenChange={close}
        />
      ) : null}
      {space.data ? (
        <SpaceWeatherDialog
          space={space.data}
          timeZone={weather.data?.timezone}
          open={panel === 'space'}
          onOpenChange={close}
        />
      ) : null}
      {location}
    </div>
  );
}
