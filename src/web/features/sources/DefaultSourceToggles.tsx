// 'Default Sources' on the Sources tab: a switch per system source, a spinner while saving.
import { useRef } from 'react';
import { toast } from '../../lib/toast';
import type { NewsSource } from '../../../shared/types';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { Switch } from '../../components/ui/switch';
import { messageOf } from './feedback';
import { useSetSourcePreference } from './mutations';
import { SourceHealth } from './SourceHealth';
import { SourceFolderField } from './SourceFolderField';
import { SourceSummary } from './SourceList';

/**
 * The sources in the order they had when the list was first shown (new ones at
 * the end): switching one off must not move its row away from the pointer.
 * The parent's enabled-first order applies again when the list is reopened.
 */
function useStableOrder(sources: NewsSource[]): NewsSource[] {
  const order = useRef<string[]>([]);
  const known = new Set(order.current);
  order.current = [...order.current, ...sources.filter((s) => !known.has(s.id)).map((s) => s.id)];
  const rank = new Map(order.current.map((id, i) => [id, i]));
  return sources.toSorted((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
}

export function DefaultSourceToggles({ sources: incoming }: { sources: NewsSource[] }) {
  const sources = useStableOrder(incoming);
  const preference = useSetSourcePreference();
  const savingId = preference.isPending ? preference.variables.sourceId : null;

  const toggle = (sourceId: string, isEnabled: boolean) =>
    preference.mutate(
      { sourceId, isEnabled },
      {
        onSuccess: () => toast.success('Source preference updated successfully.'),
        onError: (e) =>
          toast.error('Could not update source preference.', {
            description: messageOf(e) || undefined,
          }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Default Sources</CardTitle>
        <CardDescription>
          System-provided news sources. Use the toggle to enable or disable.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2" aria-label="Default sources">
          {sources.map((source) => (
            <li
              key={source.id}
              className="flex items-start gap-3 rounded-md border border-border p-3"
            >
              <SourceSummary source={source}>
                {source.builtIn ? (
                  <p className="text-xs text-muted-foreground">
                    {source.health.itemCount}{' '}
                    {source.health.itemCount === 1 ? 'briefing' : 'briefings'}
                  </p>
                ) : (
                  <SourceHealth health={source.health} />
                )}
                <SourceFolderField source={source} />
              </SourceSummary>
              <div className="flex shrink-0 items-center gap-2 pt-1">
                {savingId === source.id ? <Spinner label={`Updating ${source.name}`} /> : null}
                <Switch
                  aria-label={source.name}
                  checked={source.isEnabled}
                  disabled={savingId === source.id}
                  onCheckedChange={(checked) => toggle(source.id, checked)}
                />
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
