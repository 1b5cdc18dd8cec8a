// The phone's sky menu: the strip's items in a popover. Loaded on first use
// (SkyStrip renders a look-alike trigger until then), so the popover's code is not
// part of every signed-in page.
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover';
import { SkyMenuTrigger } from './SkyMenuTrigger';
import type { SkyData, SkyPanel } from './SkyStrip';
import { StripItems } from './StripItems';

export interface SkyMenuProps {
  summary: string;
  data: SkyData;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  openPanel: (panel: SkyPanel) => void;
}

export function SkyMenuPopup({ summary, data, open, onOpenChange, openPanel }: SkyMenuProps) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <SkyMenuTrigger summary={summary} />
      </PopoverTrigger>
      <PopoverContent align="start" className="flex w-60 flex-col gap-1 p-2">
        <StripItems data={data} open={openPanel} list />
      </PopoverContent>
    </Popover>
  );
}
