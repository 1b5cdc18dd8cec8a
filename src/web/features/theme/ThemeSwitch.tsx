import { Moon, Sun } from 'lucide-react';
import { useId } from 'react';
import { Switch } from '../../components/ui/switch';
import { useTheme } from './theme';

/** A light/dark switch for pages without the header's theme menu (registration). */
export function ThemeSwitch() {
  const { isDark, setTheme } = useTheme();
  const id = useId();
  return (
    <div className="flex items-center gap-2 rounded-full border border-border bg-card px-3 py-1.5 shadow-sm">
      <Sun aria-hidden="true" className="h-4 w-4 text-muted-foreground" />
      <Switch
        id={id}
        checked={isDark}
        onCheckedChange={(dark) => setTheme(dark ? 'dark' : 'light')}
        aria-label="Dark mode"
      />
      <Moon aria-hidden="true" className="h-4 w-4 text-muted-foreground" />
    </div>
  );
}
