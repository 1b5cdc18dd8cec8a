// The expiry field is a datetime-local input: local wall-clock time without an
// offset. These turn it into the ISO instant the API takes, and back.
import { addDays, format, startOfDay } from 'date-fns';
import { ANNOUNCEMENT_DEFAULT_EXPIRY_DAYS } from '../../../../shared/constants';

const LOCAL_INPUT = "yyyy-MM-dd'T'HH:mm";

/** An instant as the input's value (local time, to the minute). */
export const toLocalInput = (date: Date | string | number) => format(new Date(date), LOCAL_INPUT);

/** The input's value as an ISO instant; '' when empty or unreadable (the schema then says why). */
export function fromLocalInput(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)) return '';
  // Without an offset the browser reads it as local time, which is what the admin picked.
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** The default expiry: 7 days from now (spec 001 §9). */
export const defaultExpiry = (now = new Date()) =>
  toLocalInput(addDays(now, ANNOUNCEMENT_DEFAULT_EXPIRY_DAYS));

/** The earliest value the picker offers: today, so past days cannot be picked. */
export const earliestExpiry = (now = new Date()) => toLocalInput(startOfDay(now));
