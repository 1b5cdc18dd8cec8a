// The Sources tab ('Manage Sources', spec 000 §2 "News sources manager"): the user's
// personal sources and the default sources they can switch on or off.
import { useMemo } from 'react';
import { DefaultSourceToggles } from './DefaultSourceToggles';
import { PersonalSources } from './PersonalSources';
import { useSources } from './queries';
import { sortEnabledFirst } from './source-types';
import { SourceFolderNames } from './SourceFolderField';
import { SourceLoadError, SourceSkeletonRows } from './SourceList';

export function SourcesManager() {
  const sources = useSources();
  const { personal, defaults } = useMemo(() => {
    const all = sortEnabledFirst(sources.data ?? []);
    return {
      personal: all.filter((s) => s.userId !== null),
      defaults: all.filter((s) => s.userId === null),
    };
  }, [sources.data]);

  const state = sources.isPending ? (
    <SourceSkeletonRows />
  ) : sources.isError ? (
    <SourceLoadError />
  ) : undefined;

  return (
    <section className="flex flex-col gap-6" aria-labelledby="manage-sources-title">
      <div className="flex flex-col gap-1">
        <h2 id="manage-sources-title" className="text-xl font-semibold">
          Manage Sources
        </h2>
        <p className="text-sm text-muted-foreground">
          Add, edit and remove news sources for a personalised feed.
        </p>
      </div>
      <SourceFolderNames sources={sources.data ?? []} />
      <PersonalSources sources={personal} status={state} />
      {defaults.length > 0 ? <DefaultSourceToggles sources={defaults} /> : null}
    </section>
  );
}
