// Roving focus for a small group of toggle buttons (the views, card/list): one tab
// stop, the pressed button; the arrow keys, Home and End press and focus another,
// as in a radio group.
import type { KeyboardEvent } from 'react';

/** onKeyDown for the group's container: `at` is the pressed button's index. */
export function rovingKeyDown(
  e: KeyboardEvent<HTMLElement>,
  at: number,
  count: number,
  select: (index: number) => void,
) {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const to =
    e.key === 'ArrowRight' || e.key === 'ArrowDown'
      ? (at + 1) % count
      : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
        ? (at + count - 1) % count
        : e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? count - 1
            : -1;
  if (to < 0) return;
  e.preventDefault();
  select(to);
  e.currentTarget.querySelectorAll<HTMLElement>('button')[to]?.focus();
}

/**
 * onKeyDown for a toolbar (one tab stop): the arrow keys, Home and End move focus
 * between its shown buttons without pressing them.
 */
export function toolbarKeyDown(e: KeyboardEvent<HTMLElement>) {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
  const buttons = [...e.currentTarget.querySelectorAll<HTMLElement>('button')].filter(
    (b) => b.getClientRects().length > 0,
  );
  const at = buttons.indexOf(document.activeElement as HTMLElement);
  if (at < 0) return;
  const to =
    e.key === 'ArrowRight'
      ? (at + 1) % buttons.length
      : e.key === 'ArrowLeft'
        ? (at + buttons.length - 1) % buttons.length
        : e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? buttons.length - 1
            : -1;
  if (to < 0) return;
  e.preventDefault();
  buttons[to].focus();
}
