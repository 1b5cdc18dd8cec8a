// A source's folder on the Sources tab (issue 26): the user's own grouping of
// sources, which reader apps show as labels. A small field under the source,
// suggesting the folders already in use; saved on Enter or when it loses focus.
import { Folder } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FOLDER_NAME_MAX } from '../../../shared/sync';
import type { NewsSource } from '../../../shared/types';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../lib/toast';
import { messageOf } from './feedback';
import { useSetSourceFolder } from './mutations';

/** The id of the one <datalist> of folder names the fields share (SourceFolderNames). */
export const FOLDER_LIST_ID = 'source-folder-names';

export function SourceFolderNames({ sources }: { sources: NewsSource[] }) {
  const names = [...new Set(sources.flatMap((s) => (s.folder ? [s.folder] : [])))].toSorted();
  return (
    <datalist id={FOLDER_LIST_ID}>
      {names.map((n) => (
        <option key={n} value={n} />
      ))}
    </datalist>
  );
}

export function SourceFolderField({ source }: { source: NewsSource }) {
  const saved = source.folder ?? '';
  const [draft, setDraft] = useState(saved);
  const setFolder = useSetSourceFolder();
  // A change saved elsewhere (another tab, a reader app) shows once the list reloads.
  useEffect(() => setDraft(saved), [saved]);

  const save = () => {
    const folder = draft.trim();
    if (folder === saved) return setDraft(saved);
    setFolder.mutate(
      { sourceId: source.id, folder: folder || null },
      {
        onSuccess: () =>
          toast.success(
            folder ? `${source.name} is in ${folder}.` : `${source.name} is in no folder.`,
          ),
        onError: (e) => {
          setDraft(saved);
          toast.error('Could not save the folder.', { description: messageOf(e) || undefined });
        },
      },
    );
  };

  return (
    <div className="flex items-center gap-1.5 pt-0.5">
      <Folder className="h-3.5 w-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <input
        type="text"
        list={FOLDER_LIST_ID}
        aria-label={`Folder for ${source.name}`}
        placeholder="No folder"
        maxLength={FOLDER_NAME_MAX}
        value={draft}
        disabled={setFolder.isPending}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            save();
          } else if (e.key === 'Escape') {
            setDraft(saved);
          }
        }}
        className="h-7 w-44 max-w-full rounded-md border border-transparent bg-transparent px-1.5 text-xs text-muted-foreground placeholder:text-muted-foreground/70 hover:border-input focus-visible:border-input focus-visible:bg-card focus-visible:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
      />
      {setFolder.isPending ? <Spinner label={`Saving the folder of ${source.name}`} /> : null}
    </div>
  );
}
