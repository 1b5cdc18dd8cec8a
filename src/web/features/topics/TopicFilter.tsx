// The filter bar's Topic select (issue 29): beside the spec's filters, composing
// with search. Followed topics come first.
import { useId } from 'react';
import { Label, NativeSelect } from '../../components/ui/input';
import { useTopics } from './queries';

export function TopicFilter({
  topic,
  onTopic,
}: {
  topic: string | undefined;
  onTopic: (topic: string | undefined) => void;
}) {
  const id = useId();
  const { data, isPending, isError } = useTopics();
  const byName = new Map(data?.topics.map((t) => [t.slug, t]));
  const followed = (data?.followed ?? []).flatMap((slug) => byName.get(slug) ?? []);
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>Topic</Label>
      <NativeSelect
        id={id}
        value={topic ?? ''}
        onChange={(e) => onTopic(e.target.value || undefined)}
        aria-describedby={isError ? `${id}-error` : undefined}
      >
        <option value="">{isPending ? 'Loading topics…' : 'All Topics'}</option>
        {/* A topic chosen before the list loads stays selectable. */}
        {topic && !byName.has(topic) && <option value={topic}>{topic}</option>}
        {followed.length > 0 && (
          <optgroup label="Followed">
            {followed.map((t) => (
              <option key={`f-${t.slug}`} value={t.slug}>
                {t.name}
              </option>
            ))}
          </optgroup>
        )}
        {data && (
          <optgroup label="All topics">
            {data.topics.map((t) => (
              <option key={t.slug} value={t.slug}>
                {t.name}
              </option>
            ))}
          </optgroup>
        )}
      </NativeSelect>
      {isError && (
        <p id={`${id}-error`} className="text-xs text-destructive">
          Topics could not be loaded.
        </p>
      )}
    </div>
  );
}
