// Above the dashboard's feed (issue 25): All / Unread / Saved, and Hot (issue 29:
// stories by how many sources carried them lately), Mark all as read, and the
// keyboard shortcuts' help (the keys press these buttons: keyboard.ts).
import { useQueryClient } from '@tanstack/react-query';
import { CheckCheck } from 'lucide-react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { toolbarKeyDown } from '../../lib/roving';
import { cn } from '../../lib/utils';
import { useReaderPrefs } from './prefs';
import type { ListParams } from '../feed/filters';
import { act, useUnreadCounts } from './state';

export type ReadView = 'all' | 'unread' | 'saved' | 'hot';

/** The list call's extra parameters for a view. */
export function viewParams(view: ReadView): { status?: 'unread'; saved?: true; view?: 'hot' } {
  if (view === 'hot') return { view: 'hot' };
  return view === 'unread' ? { status: 'unread' } : view === 'saved' ? { saved: true } : {};
}

type Help = ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void }>;
const loadHelp = () => import('./HelpOverlay').then((m) => m.HelpOverlay);

export function ReadingBar({
  view,
  onView,
  filters,
  className,
  children,
}: {
  className?: string;
  /** More controls at the toolbar's end (the dashboard's card / list toggle on a wide screen). */
  children?: ReactNode;
  view: ReadView;
  onView: (view: ReadView) => void;
  /** The feed's list parameters: Mark all as read marks what they show. */
  filters?: ListParams;
}) {
  const qc = useQueryClient();
  const counts = useUnreadCounts();
  const { shortcuts } = useReaderPrefs();
  const [Help, setHelp] = useState<Help | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const openHelp = () =>
    void loadHelp().then(
      (c) => {
        setHelp(() => c);
        setHelpOpen(true);
      },
      (e: unknown) => console.error('Failed to load', e),
    );
  const markAll = () => filters && act(qc, 'markAllRead', filters);

  const views: Array<{ value: ReadView; label: string; count?: number }> = [
    { value: 'all', label: 'All' },
    { value: 'unread', label: 'Unread', count: counts?.total },
    { value: 'saved', label: 'Saved' },
    { value: 'hot', label: 'Hot' },
  ];
  return (
    // A toolbar: one tab stop (the shown view); the arrow keys move between its buttons.
    <div
      role="toolbar"
      aria-label="Reading"
      className={cn('flex items-center justify-between gap-2', className)}
      onKeyDown={toolbarKeyDown}
    >
      <div
        role="group"
        aria-label="Show"
        className="inline-flex rounded-md border border-border bg-card p-0.5"
      >
        {views.map((v) => (
          <Button
            key={v.value}
            variant={view === v.value ? 'secondary' : 'ghost'}
            size="sm"
            className="h-7 px-3"
            aria-pressed={view === v.value}
            tabIndex={view === v.value ? 0 : -1}
            onClick={() => onView(v.value)}
          >
            {v.label}
            {!!v.count && (
              <span className="rounded-full bg-primary px-1.5 text-[0.6875rem] leading-4 font-semibold text-primary-foreground tabular-nums">
                {v.count > 999 ? '999+' : v.count}
              </span>
            )}
          </Button>
        ))}
      </div>
      <div className="flex items-center gap-1">
        <Button
          variant="ghost"
          size="sm"
          className="h-8 max-2xl:px-2"
          data-action="mark-all-read"
          tabIndex={-1}
          title="Mark all as read"
          onClick={markAll}
        >
          <CheckCheck />
          {/* Below 1536 px the icon (the name for screen readers), so the bar keeps to one line. */}
          <span className="max-2xl:sr-only">Mark all as read</span>
        </Button>
        {shortcuts && (
          <Button
            variant="ghost"
            size="icon"
            className="h-8 w-8 max-sm:hidden"
            tabIndex={-1}
            aria-label="Keyboard shortcuts"
            data-action="shortcuts-help"
            title="Keyboard shortcuts (?)"
            onClick={openHelp}
          >
            <kbd className="font-mono text-sm">?</kbd>
          </Button>
        )}
      </div>
      {children}
      {Help && <Help open={helpOpen} onOpenChange={setHelpOpen} />}
    </div>
  );
}
