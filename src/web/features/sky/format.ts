// Times in the place's own zone (from the weather answer), dates as MMM d, yyyy.
import { format, isValid, parseISO } from 'date-fns';

export function formatTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'N/A';
  const options: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
  let text: string;
  try {
    text = new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(date);
  } catch {
    // An unknown zone name: the browser's own zone is the next best thing.
    text = new Intl.DateTimeFormat('en-US', options).format(date);
  }
  // Newer ICU puts a narrow no-break space before AM/PM; keep one plain space everywhere.
  return text.replace(/\s/gu, ' ');
}

/** "MMM d, yyyy", or N/A when the date cannot be read (spec: an invalid next-phase date). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'MMM d, yyyy') : 'N/A';
}
