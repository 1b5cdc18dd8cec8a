import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { useCallback, useEffect, useRef, useState, type ComponentProps } from 'react';
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

/** Which ends of a sideways-scrolling element have more to show. */
function useOverflowEnds() {
  const [ends, setEnds] = useState({ start: false, end: false });
  const observer = useRef<ResizeObserver | null>(null);
  const element = useRef<HTMLElement | null>(null);
  const update = useCallback(() => {
    const el = element.current;
    if (!el) return;
    const start = el.scrollLeft > 1;
    const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEnds((e) => (e.start === start && e.end === end ? e : { start, end }));
  }, []);
  const ref = useCallback(
    (el: HTMLElement | null) => {
      element.current?.removeEventListener('scroll', update);
      observer.current?.disconnect();
      element.current = el;
      if (!el) return;
      el.addEventListener('scroll', update, { passive: true });
      observer.current = new ResizeObserver(update);
      observer.current.observe(el);
      update();
    },
    [update],
  );
  useEffect(() => () => observer.current?.disconnect(), []);
  return { ref, ends };
}

/**
 * A one-row tab list that scrolls sideways when it is wider than the screen; a
 * fade and a chevron at the hidden end say that more tabs are there.
 */
export function ScrollableTabsList({
  className,
  ...props
}: ComponentProps<typeof TabsPrimitive.List>) {
  const { ref, ends } = useOverflowEnds();
  return (
    <div
      className="relative w-full sm:w-auto"
      data-overflow-start={ends.start || undefined}
      data-overflow-end={ends.end || undefined}
    >
      <TabsList
        ref={ref}
        className={cn('h-auto! w-full justify-start [scrollbar-width:none] sm:w-auto', className)}
        {...props}
      />
      {ends.start && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-0 flex w-8 items-center rounded-l-lg bg-linear-to-r from-muted via-muted/80 to-transparent pl-0.5 text-muted-foreground"
        >
          <ChevronLeft className="size-4" />
        </span>
      )}
      {ends.end && (
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
