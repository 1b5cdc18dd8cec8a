// /sky-calendar (issue 28): the coming year's sky events at the user's place,
// the next 5 days of satellite passes, and the private iCal subscription.
// Linked from the header strip; a lazy route like every page but the dashboard.
import { useEffect } from 'react';
import type { User } from '../../shared/types';
import { RequireAuth } from '../features/auth/RequireAuth';
import { AppLayout } from '../features/layout/AppLayout';
import { placeKeyOf, useWeather } from '../features/sky/queries';
import { EventsList } from '../features/skycal/EventsList';
import { PassesCard } from '../features/skycal/PassesCard';
import { SubscriptionCard } from '../features/skycal/SubscriptionCard';

function SkyCalendar({ user }: { user: User }) {
  // Times read in the place's own zone, which the (cached) weather answer carries.
  const place = placeKeyOf(user);
  const timeZone = useWeather(place, user.zipCode).data?.timezone;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Sky calendar</h1>
        <p className="mt-1 text-muted-foreground">
          What is coming up in the sky, and when the space stations fly over.
        </p>
      </div>
      <PassesCard hasPlace={place !== ''} timeZone={timeZone} />
      <EventsList timeZone={timeZone} />
      <SubscriptionCard />
    </div>
  );
}

export function SkyCalendarPage() {
  useEffect(() => {
    document.title = 'Sky calendar · AstroDash';
    return () => {
      document.title = 'AstroDash';
    };
  }, []);
  return (
    <RequireAuth>
      {(user) => (
        <AppLayout>
          <SkyCalendar user={user} />
        </AppLayout>
      )}
    </RequireAuth>
  );
}
