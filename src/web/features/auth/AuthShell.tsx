import { Newspaper, Rocket, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Logo } from '../../components/Logo';
import { Skeleton } from '../../components/ui/skeleton';

/** The public pages' frame: the product description beside the form card. */
export function AuthShell({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="relative min-h-screen bg-background text-foreground">
      {aside ? <div className="absolute right-3 top-3 sm:right-6 sm:top-6">{aside}</div> : null}
      <main className="mx-auto grid min-h-screen w-full max-w-6xl items-center gap-8 px-4 py-12 sm:px-6 md:grid-cols-2 md:gap-12 md:py-16">
        <ProductDescription />
        <div className="flex w-full justify-center md:justify-end">{children}</div>
      </main>
    </div>
  );
}

function ProductDescription() {
  return (
    <section aria-labelledby="product-name" className="flex flex-col gap-5">
      <div className="flex items-center gap-3">
        <Logo className="h-12 w-12" />
        <h1 id="product-name" className="text-3xl font-bold tracking-tight sm:text-4xl">
          AstroDash
        </h1>
      </div>
      <p className="text-base text-muted-foreground sm:text-lg">
        Your personal astronomy and space news dashboard: stories from news sites, video channels,
        forums, social profiles and the rocket launch schedule, gathered in one place.
      </p>
      <ul className="flex flex-col gap-3 text-sm">
        <li className="flex items-start gap-3">
          <Newspaper aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-primary" />
          <span>
            A default set of sources is provided, so your feed is full from the first minute. Add
            your own any time.
          </span>
        </li>
        <li className="flex items-start gap-3">
          <Sparkles aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-primary" />
          <span>
            AI tools answer your questions about astronomy and space, or summarise articles for you.
          </span>
        </li>
        <li className="flex items-start gap-3">
          <Rocket aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-primary" />
          <span>
            Upcoming launches, local weather, stargazing conditions and the moon phase at a glance.
          </span>
        </li>
      </ul>
    </section>
  );
}

/** Shown while the session loads on the login and registration pages. */
export function AuthPageSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      className="mx-auto grid min-h-screen w-full max-w-6xl items-center gap-8 px-4 py-12 sm:px-6 md:grid-cols-2 md:gap-12"
    >
      <span className="sr-only">Loading...</span>
      <div className="flex flex-col gap-4">
        <Skeleton className="h-12 w-48" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-5/6" />
        <Skeleton className="h-5 w-2/3" />
      </div>
      <Skeleton className="h-96 w-full max-w-md justify-self-center md:justify-self-end" />
    </div>
  );
}
