import { twMerge, type ClassNameValue } from 'tailwind-merge';

/** Joins class names, skipping falsy ones; a later Tailwind class wins over a conflicting earlier one. */
export function cn(...classes: ClassNameValue[]): string {
  return twMerge(...classes);
}
