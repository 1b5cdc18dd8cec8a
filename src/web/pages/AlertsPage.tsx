import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { RequireAuth } from '../features/auth/RequireAuth';
import { ChannelsCard } from '../features/alerts/ChannelsCard';
import { AlertStories, DeliveryLog } from '../features/alerts/DeliveryLog';
import { QuietHoursCard } from '../features/alerts/QuietHoursCard';
import { RulesCard } from '../features/alerts/RulesCard';
import { AppLayout } from '../features/layout/AppLayout';

/** /alerts (issue 30): rules, channels, quiet hours and the delivery log. */
export function AlertsPage() {
  const [params] = useSearchParams();
  const alertId = Number(params.get('alert'));
  useEffect(() => {
    document.title = 'Alerts · AstroDash';
    return () => {
      document.title = 'AstroDash';
    };
  }, []);
  return (
    <RequireAuth>
      {() => (
        <AppLayout>
          <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
            <div>
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Alerts</h1>
              <p className="text-muted-foreground">
                Launches, aurora, clear nights and the stories you follow, when they matter.
              </p>
            </div>
            {Number.isInteger(alertId) && alertId > 0 && <AlertStories alertId={alertId} />}
            <RulesCard />
            <ChannelsCard />
            <QuietHoursCard />
            <DeliveryLog />
          </div>
        </AppLayout>
      )}
    </RequireAuth>
  );
}
