// The phone's one-button sky summary, which opens the sky menu (SkyMenuPopup).
import { CloudMoon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../components/ui/button';

export function SkyMenuTrigger({
  summary,
  ...props
}: { summary: string } & ComponentProps<typeof Button>) {
  return (
    <Button
      variant="outline"
      size="sm"
      className="min-w-0 px-2 sm:hidden"
      aria-label="Sky conditions"
      aria-haspopup="dialog"
      {...props}
    >
      <CloudMoon aria-hidden="true" />
      <span className="truncate">{summary || 'Sky'}</span>
    </Button>
  );
}
