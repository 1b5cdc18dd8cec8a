// Markdown (react-markdown, its parser and the sanitiser: the heaviest code in the
// web app) loads only when a screen actually shows Markdown. Until then the text
// shows as plain paragraphs, so nothing jumps. Prefer this to importing
// Markdown.tsx directly from anything on the dashboard.
import { lazy, Suspense } from 'react';
import { cn } from '../lib/utils';

const Markdown = lazy(() => import('./Markdown'));

export function LazyMarkdown({ children, className }: { children: string; className?: string }) {
  return (
    <Suspense fallback={<div className={cn('whitespace-pre-line', className)}>{children}</div>}>
      <Markdown className={className}>{children}</Markdown>
    </Suspense>
  );
}
