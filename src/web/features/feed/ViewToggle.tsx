import { LayoutGrid, List } from 'lucide-react';
import { useState } from 'react';
import { STORAGE_KEYS } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { rovingKeyDown } from '../../lib/roving';
import { readViewMode, writeStorage, type ViewMode } from './storage';

/** Card or list, remembered in local storage (default card). */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(readViewMode);
  return [
    mode,
    (next) => {
      writeStorage(STORAGE_KEYS.viewPreference, next);
      setMode(next);
    },
  ];
}

export function ViewToggle({
  value,
  onChange,
  inToolbar = false,
}: {
  value: ViewMode;
  onChange: (mode: ViewMode) => void;
  /** Inside a toolbar (one tab stop): its arrow keys move focus, Enter chooses. */
  inToolbar?: boolean;
}) {
  const options = [
    { mode: 'card' as const, label: 'Card View', icon: <LayoutGrid /> },
    { mode: 'list' as const, label: 'List View', icon: <List /> },
  ];
  return (
    <div
      role="group"
      aria-label="View mode"
      // One tab stop (the chosen mode); the arrow keys move between them.
      onKeyDown={(e) =>
        !inToolbar &&
        rovingKeyDown(
          e,
          options.findIndex((o) => o.mode === value),
          options.length,
          (i) => onChange(options[i].mode),
        )
      }
      className="inline-flex rounded-md border border-border bg-card p-0.5"
    >
      {options.map((o) => (
        <Button
          key={o.mode}
          variant={value === o.mode ? 'secondary' : 'ghost'}
          size="icon"
          className="h-8 w-8"
          aria-label={o.label}
          aria-pressed={value === o.mode}
          tabIndex={value === o.mode && !inToolbar ? 0 : -1}
          title={o.label}
          onClick={() => onChange(o.mode)}
        >
          {o.icon}
        </Button>
      ))}
    </div>
  );
}
