import { Eye, Moon, Sun } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useLoadOnUse } from '../../lib/load-on-use';
import { useTheme } from '../theme/theme';

const loadPopup = () => import('./ThemeMenuPopup').then((m) => m.ThemeMenuPopup);

/** Header theme menu (spec 001 §2); the menu itself loads on first use. */
export function ThemeMenu() {
  const { isDark, isNight } = useTheme();
  const { Loaded, triggerProps } = useLoadOnUse(loadPopup);
  if (Loaded) return <Loaded defaultOpen />;
  return (
    <Button variant="ghost" size="icon" aria-label="Theme" aria-haspopup="menu" {...triggerProps}>
      {isNight ? <Eye /> : isDark ? <Moon /> : <Sun />}
    </Button>
  );
}
