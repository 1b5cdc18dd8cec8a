import { Check, Eye, Monitor, Moon, Sun } from 'lucide-react';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { useTheme, type Theme } from '../theme/theme';

const OPTIONS: Array<{ value: Theme; label: string; Icon: typeof Sun }> = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'Auto', Icon: Monitor },
  // Issue 28: red on black, which keeps the eyes dark-adapted at the telescope.
  { value: 'night', label: 'Night vision', Icon: Eye },
];

/** Header theme menu: Light, Dark, Auto and Night vision, a checkmark on the active one (loaded on first use). */
export function ThemeMenuPopup({ defaultOpen }: { defaultOpen?: boolean }) {
  const { theme, isDark, isNight, setTheme } = useTheme();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Theme">
          {isNight ? <Eye /> : isDark ? <Moon /> : <Sun />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {OPTIONS.map(({ value, label, Icon }) => (
          <DropdownMenuItem
            key={value}
            onSelect={() => setTheme(value)}
            aria-checked={theme === value}
            role="menuitemradio"
          >
            <Icon aria-hidden="true" />
            <span className="flex-1">{label}</span>
            {theme === value ? (
              <Check aria-hidden="true" data-testid="theme-check" />
            ) : (
              <span className="size-4" />
            )}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
