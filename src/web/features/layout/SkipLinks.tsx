// Skip links: the first thing Tab reaches on every signed-in page, hidden until
// focused. "Skip to content" moves focus to <main>; on feed pages "Skip to
// stories" moves it straight to the first story.
import type { MouseEvent } from 'react';

export const MAIN_ID = 'main-content';

const LINK =
  'sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[60] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground focus:shadow-lg focus:outline-none focus:ring-2 focus:ring-ring focus:ring-offset-2 focus:ring-offset-background';

function focusFirst(selectors: string[]) {
  return (e: MouseEvent<HTMLAnchorElement>) => {
    for (const selector of selectors) {
      const el = document.querySelector<HTMLElement>(selector);
      if (!el) continue;
      // Without a hash change: the address stays clean and the router's hash scrolling stays out of it.
      e.preventDefault();
      el.focus({ preventScroll: true });
      el.scrollIntoView({ block: 'start' });
      return;
    }
  };
}

export function SkipLinks({ stories = false }: { stories?: boolean }) {
  return (
    <>
      <a href={`#${MAIN_ID}`} className={LINK} onClick={focusFirst([`#${MAIN_ID}`])}>
        Skip to content
      </a>
      {stories && (
        <a
          href={`#${MAIN_ID}`}
          className={LINK}
          onClick={focusFirst(['[role="feed"] article', '[role="feed"]', `#${MAIN_ID}`])}
        >
          Skip to stories
        </a>
      )}
    </>
  );
}
