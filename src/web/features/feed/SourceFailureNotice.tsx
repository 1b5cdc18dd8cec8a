// The feed's notice when sources could not be read at their last fetch: read from
// the sources' own state, so it shows after a reload too, with a way to Sources,
// where each source shows its last error.
import { AlertTriangle } from 'lucide-react';
import { useSources } from '../sources/queries';
import { useShowFeedTab } from './feed-tabs';
import { sourceFailures, unreachableText } from './source-failures';

export function SourceFailureNotice({ sourceIds }: { sourceIds?: string[] }) {
  const sources = useSources();
  const showTab = useShowFeedTab();
  if (!sources.data) return null;
  const { failed, total } = sourceFailures(sources.data, sourceIds);
  if (failed.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="source-failure-notice"
      className="mb-3 flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-100"
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <p>
        {unreachableText(failed.length, total)}
        {showTab && (
          <>
            {' — '}
            <button
              type="button"
              className="cursor-pointer font-medium underline underline-offset-4 hover:no-underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              onClick={() => showTab('sources')}
            >
              see Sources
            </button>
          </>
        )}
      </p>
    </div>
  );
}
