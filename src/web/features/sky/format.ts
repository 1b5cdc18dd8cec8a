// The sky dialogs' times and dates: the app's one format (lib/format.ts), times in
// the place's own zone (from the weather answer), N/A when a value cannot be read.
import {
  formatDate as appDate,
  formatDateTime as appDateTime,
  formatTime as appTime,
} from '../../lib/format';

export function formatTime(iso: string | null | undefined, timeZone?: string): string {
  return (iso && appTime(iso, timeZone)) || 'N/A';
}

/** "MMM d, yyyy", or N/A when the date cannot be read (spec: an invalid next-phase date). */
export function formatDate(iso: string | null | undefined): string {
  return (iso && appDate(iso)) || 'N/A';
}

/** "Nov 25, 2026, 6:00 AM" in the place's zone, or N/A. */
export function formatDateTime(iso: string | null | undefined, timeZone?: string): string {
  return (iso && appDateTime(iso, { timeZone })) || 'N/A';
}
