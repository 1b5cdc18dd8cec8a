// The `?` overlay listing the keyboard shortcuts; loaded on first use.
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../components/ui/dialog';

export const SHORTCUTS: Array<[keys: string[], what: string]> = [
  [['j'], 'Next story'],
  [['k'], 'Previous story'],
  [['o'], 'Read the story here (j, k, m, s and v work there too)'],
  [['v', 'Enter'], 'Open the original'],
  [['m'], 'Mark read or unread'],
  [['s'], 'Save or unsave'],
  [['A'], 'Mark all as read'],
  [['/'], 'Search'],
  [['r'], 'Refresh the feed'],
  [['g u'], 'Go to Unread'],
  [['g s'], 'Go to Saved'],
  [['g a'], 'Go to All'],
  [['?'], 'This help'],
  [['Esc'], 'Close'],
];

export function HelpOverlay({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined} className="max-w-md">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-2 text-sm">
          {SHORTCUTS.map(([keys, what]) => (
            <div key={what} className="contents">
              <dt className="flex gap-1.5">
                {keys.map((k, i) => (
                  <span key={k} className="flex items-center gap-1.5">
                    {i > 0 && <span className="text-muted-foreground">or</span>}
                    {k.split(' ').map((part, j) => (
                      <kbd
                        key={j}
                        className="min-w-6 rounded border border-border bg-muted px-1.5 py-0.5 text-center font-mono text-xs"
                      >
                        {part}
                      </kbd>
                    ))}
                  </span>
                ))}
              </dt>
              <dd className="text-muted-foreground">{what}</dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-muted-foreground">
          Shortcuts can be switched off on My Account. They never fire while you type.
        </p>
      </DialogContent>
    </Dialog>
  );
}
