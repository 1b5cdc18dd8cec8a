import { ChevronRight } from 'lucide-react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        'inline-flex h-10 max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

/**
 * A one-row tab list that scrolls sideways when it is wider than the screen; a
 * fade and a chevron at its end say that more tabs are there, until it is scrolled to the end.
 */
export function ScrollableTabsList({
  className,
  ...props
}: ComponentProps<typeof TabsPrimitive.List>) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => setMore(el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
    const observer = new ResizeObserver(update);
    observer.observe(el);
    el.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', update);
    };
  }, []);
  return (
    <div className="relative w-full sm:w-auto">
      <TabsList
        ref={ref}
        className={cn('h-auto! w-full justify-start [scrollbar-width:none] sm:w-auto', className)}
        {...props}
      />
      {more && (
        <span
          aria-hidden="true"
          data-testid="tabs-more"
          className="pointer-events-none absolute inset-y-0 right-0 flex w-8 items-center justify-end rounded-r-lg bg-linear-to-l from-muted via-muted/80 to-transparent pr-0.5 text-muted-foreground"
        >
          <ChevronRight className="size-4" />
        </span>
      )}
    </div>
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-all',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50',
        'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn(
        // Radix puts the panel in the Tab order: show it when it has keyboard focus.
        'mt-3 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        className,
      )}
      {...props}
    />
  );
}
