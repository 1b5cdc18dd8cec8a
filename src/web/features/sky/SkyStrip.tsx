// The header strip (spec 001 §2): nothing signed out, a skeleton while the
// session loads, "Set Location" without a ZIP, else the badges. On a phone the
// badges fold into one button so the header keeps to one row.
import { MapPin } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { CurrentWeather } from '../../../shared/sky';
import { Button } from '../../components/ui/button';
import { useLoadOnUse } from '../../lib/load-on-use';
import { Skeleton } from '../../components/ui/skeleton';
import { useSession } from '../auth/session';
import { SkyError, placeKeyOf, useMoon, useSpaceWeather, useWeather } from './queries';
import { SkyMenuTrigger } from './SkyMenuTrigger';
import { SkyCalendarLink, StripItems } from './StripItems';

// The dialogs load when one is first opened, and mount only while open (which
// also resets the location form each time it opens).
const LocationDialog = lazy(() =>
  import('./LocationDialog').then((m) => ({ default: m.LocationDialog })),
);
const MoonDialog = lazy(() => import('./MoonDialog').then((m) => ({ default: m.MoonDialog })));
const SpaceWeatherDialog = lazy(() =>
  import('./SpaceWeatherDialog').then((m) => ({ default: m.SpaceWeatherDialog })),
);
const StargazingDialog = lazy(() =>
  import('./StargazingDialog').then((m) => ({ default: m.StargazingDialog })),
);
const WeatherDialog = lazy(() =>
  import('./WeatherDialog').then((m) => ({ default: m.WeatherDialog })),
);

const loadSkyMenu = () => import('./SkyMenuPopup').then((m) => m.SkyMenuPopup);

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
  // A place is the spec's ZIP, or coordinates anywhere on Earth (issue 28).
  const place = placeKeyOf(session.user);
  const weather = useWeather(place, zipCode);
  const moon = useMoon(place ? placeOf(weather.data, weather.error) : undefined);
  const space = useSpaceWeather(Boolean(place));
  const [panel, setPanel] = useState<SkyPanel | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const { Loaded: SkyMenu, triggerProps: menuTrigger } = useLoadOnUse(loadSkyMenu);

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
  const location = panel === 'location' && (
    <Suspense fallback={null}>
      <LocationDialog
        zipCode={zipCode}
        location={session.user.location}
        units={session.user.units}
        open
        onOpenChange={close}
      />
    </Suspense>
  );

  if (!place) {
    return (
      <div className={slot} data-testid="sky-strip">
        {/* Under 420 px the header has no room for the words: the pin alone, named. */}
        <Button
          variant="outline"
          size="sm"
          className="max-[420px]:w-9 max-[420px]:px-0"
          onClick={() => setPanel('location')}
        >
          <MapPin aria-hidden="true" />
          <span className="max-[420px]:sr-only">Set Location</span>
        </Button>
        {/* A phone's header has no room for it beside the pin; the sky menu has it once a place is set. */}
        <SkyCalendarLink className="max-[420px]:hidden" />
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
      {SkyMenu ? (
        <SkyMenu
          summary={summary}
          data={data}
          open={menuOpen}
          onOpenChange={setMenuOpen}
          openPanel={openPanel}
        />
      ) : (
        <SkyMenuTrigger
          summary={summary}
          {...menuTrigger}
          onClick={() => {
            setMenuOpen(true);
            menuTrigger.onClick();
          }}
        />
      )}
      <Suspense fallback={null}>
        {weather.data && panel === 'weather' && (
          <WeatherDialog weather={weather.data} open onOpenChange={close} />
        )}
        {weather.data && panel === 'stargazing' && (
          <StargazingDialog weather={weather.data} place={place} open onOpenChange={close} />
        )}
        {moon.data && panel === 'moon' && (
          <MoonDialog
            moon={moon.data}
            timeZone={weather.data?.timezone}
            open
            onOpenChange={close}
          />
        )}
        {space.data && panel === 'space' && (
          <SpaceWeatherDialog
            space={space.data}
            timeZone={weather.data?.timezone}
            open
            onOpenChange={close}
          />
        )}
      </Suspense>
      {location}
    </div>
  );
}
