import { Share2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useLoadOnUse } from '../../lib/load-on-use';

const loadPopup = () => import('./SharePopup').then((m) => m.SharePopup);

/** A story's Share button; the 'Share this story' popover loads on first use. */
export function SharePopover({ url, title }: { url: string; title: string }) {
  const { Loaded, triggerProps } = useLoadOnUse(loadPopup);
  if (Loaded) return <Loaded url={url} title={title} defaultOpen />;
  return (
    <Button
      variant="ghost"
      size="icon"
      className="h-8 w-8"
      aria-label="Share"
      aria-haspopup="dialog"
      {...triggerProps}
    >
      <Share2 />
    </Button>
  );
}
