import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from './ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';

/** Shown by a guarded page when the signed-in user's role is not enough (spec §2). */
export function AccessDenied({ role, message }: { role?: string; message?: string }) {
  return (
    <div className="flex w-full justify-center p-4 md:p-8">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <ShieldAlert aria-hidden="true" className="h-10 w-10 text-destructive" />
          <CardTitle>Access Denied</CardTitle>
          <CardDescription>
            {message ?? `Access denied. Your role (${role}) lacks required permissions.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <Link to="/">Go to Dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
