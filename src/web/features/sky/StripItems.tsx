// The strip's badges: temperature, stargazing rating, Kp, Moon and Change location.
// Each opens its dialog; unavailable data reads "… N/A" with the error as its title.
import { CalendarDays, Moon, Settings, Sparkles, Thermometer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { APP_ROUTES } from '../../../shared/routes';
import { kpBadgeLevel, stargazingLevel } from '../../../shared/sky';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/utils';
import { kpBadgeVariant, stargazingVariant } from './levels';
import { errorTitle } from './error-title';
import type { SkyData, SkyPanel } from './SkyStrip';

function Item({
  onClick,
  title,
  label,
  children,
  list,
}: {
  onClick?: () => void;
  title?: string;
  label: string;
  children: ReactNode;
  list: boolean;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      title={title}
      aria-label={label}
      onClick={onClick}
      className={cn('gap-1.5 px-2', list && 'h-9 w-full justify-start')}
    >
      {children}
    </Button>
  );
}

const unavailable = (text: string, error: unknown, list: boolean) => (
  <Item label={text} title={errorTitle(error)} list={list}>
    <span className="text-muted-foreground">{text}</span>
  </Item>
);

export function StripItems({
  data,
  open,
  list = false,
}: {
  data: SkyData;
  open: (panel: SkyPanel) => void;
  list?: boolean;
}) {
  const { weather, moon, space } = data;
  const skeleton = <Skeleton className={cn('h-6 w-14', list && 'w-full')} />;
  return (
    <>
      {weather.isPending ? (
        skeleton
      ) : weather.data ? (
        <Item
          list={list}
          label={`Weather: ${weather.data.temperature}${weather.data.units === 'metric' ? '°C' : '°F'}, ${weather.data.description}`}
          title={`${weather.data.description} in ${weather.data.locationName}`}
          onClick={() => open('weather')}
        >
          <Thermometer aria-hidden="true" />
          {weather.data.temperature}°
          {list ? <span className="text-muted-foreground">{weather.data.description}</span> : null}
        </Item>
      ) : (
        unavailable('Weather N/A', weather.error, list)
      )}
      {weather.data ? (
        <Item
          list={list}
          label={`Stargazing: ${weather.data.stargazingRating} out of 10`}
          title={weather.data.stargazingDescription}
          onClick={() => open('stargazing')}
        >
          <Sparkles aria-hidden="true" />
          <Badge variant={stargazingVariant[stargazingLevel(weather.data.stargazingRating)]}>
            {weather.data.stargazingRating}/10
          </Badge>
          {list ? <span className="text-muted-foreground">Stargazing</span> : null}
        </Item>
      ) : null}
      {space.isPending ? (
        skeleton
      ) : space.data ? (
        <Item
          list={list}
          label={`KP ${space.data.kpIndex}, ${kpBadgeLevel(space.data.kpIndex)}`}
          title={`Kp index ${space.data.kpIndex}: ${kpBadgeLevel(space.data.kpIndex)}`}
          onClick={() => open('space')}
        >
          <Badge variant={kpBadgeVariant[kpBadgeLevel(space.data.kpIndex)]}>
            KP {Math.round(space.data.kpIndex * 10) / 10}
          </Badge>
          {list ? (
            <span className="text-muted-foreground">{kpBadgeLevel(space.data.kpIndex)}</span>
          ) : null}
        </Item>
      ) : (
        unavailable('KP N/A', space.error, list)
      )}
      {moon.data ? (
        <Item
          list={list}
          label={`Moon: ${moon.data.phaseName}`}
          title={`${moon.data.phaseName}, ${moon.data.illumination}% illuminated`}
          onClick={() => open('moon')}
        >
          <Moon aria-hidden="true" />
          <span className={cn(!list && 'max-lg:sr-only')}>{moon.data.phaseName}</span>
        </Item>
      ) : moon.isError || (weather.isError && moon.isPending && !moon.isFetching) ? (
        unavailable('Moon N/A', moon.error ?? weather.error, list)
      ) : (
        skeleton
      )}
      <SkyCalendarLink list={list} />
      <Button
        variant="ghost"
        size="sm"
        aria-label="Change location"
        title="Change location"
        onClick={() => open('location')}
        className={cn('px-2', list && 'h-9 w-full justify-start')}
      >
        <Settings aria-hidden="true" />
        {list ? 'Change location' : null}
      </Button>
    </>
  );
}

/** The way to the sky calendar and satellite passes (issue 28), beside the badges. */
export function SkyCalendarLink({
  list = false,
  className,
}: {
  list?: boolean;
  className?: string;
}) {
  return (
    <Button
      asChild
      variant="ghost"
      size="sm"
      className={cn('px-2', list && 'h-9 w-full justify-start', className)}
    >
      <Link to={APP_ROUTES.skyCalendar} aria-label="Sky calendar" title="Sky calendar">
        <CalendarDays aria-hidden="true" />
        {list ? 'Sky calendar' : null}
      </Link>
    </Button>
  );
}
