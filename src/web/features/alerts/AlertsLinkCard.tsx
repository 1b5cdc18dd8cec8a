// My Account → Alerts: the way to the Alerts page on a phone, whose header has
// no room for the bell.
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';

export function AlertsLinkCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bell className="h-5 w-5" aria-hidden="true" />
          Alerts
        </CardTitle>
        <CardDescription>
          Be told about launches, aurora, clear nights and the stories you follow, by push, ntfy, a
          webhook or e-mail.
        </CardDescription>
      </CardHeader>
      <CardFooter>
        <Button asChild variant="outline">
          <Link to="/alerts">Manage alerts</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
