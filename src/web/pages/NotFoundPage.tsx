import { Compass } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Logo } from '../components/Logo';
import { Button } from '../components/ui/button';

/** Any unknown route (spec §2). */
export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Not Found · AstroDash';
    return () => {
      document.title = 'AstroDash';
    };
  }, []);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-background px-4 text-center text-foreground">
      <Logo className="h-12 w-12" />
      <Compass aria-hidden="true" className="h-10 w-10 text-muted-foreground" />
      <h1 className="text-3xl font-bold tracking-tight">Not Found</h1>
      <p className="max-w-md text-muted-foreground">The page you are looking for does not exist</p>
      <Button asChild>
        <Link to="/">Go back home</Link>
      </Button>
    </main>
  );
}
