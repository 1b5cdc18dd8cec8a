// A secret URL shown once, just after it is made (a private feed, a calendar
// subscription): read-only, selected on focus, with a Copy button.
import { Copy } from 'lucide-react';
import { toast } from '../lib/toast';
import { Button } from './ui/button';

async function copy(url: string, copied: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success(copied);
  } catch {
    toast.error('Could not copy: select the URL and copy it by hand');
  }
}

export function ShownOnceUrl({
  message,
  label,
  url,
  copied,
}: {
  /** What the URL is, e.g. "Your calendar URL." */
  message: string;
  /** The field's accessible name. */
  label: string;
  url: string;
  /** The toast after a copy. */
  copied: string;
}) {
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-md border border-primary/40 bg-primary/5 p-3"
    >
      <p className="text-sm font-medium">{message} Copy it now: it is shown only this once.</p>
      <div className="flex items-center gap-2">
        <input
          readOnly
          aria-label={label}
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-input bg-background px-2 py-1.5 font-mono text-xs"
        />
        <Button size="sm" onClick={() => void copy(url, copied)}>
          <Copy />
          Copy
        </Button>
      </div>
    </div>
  );
}
