// 'Personal Sources': the add popover, OPML, and the user's own rows with inline edit
// (one row at a time; the other edit and delete buttons are disabled meanwhile).
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { ADD_FORM_SOURCE_TYPES } from '../../../shared/constants';
import type { NewsSource } from '../../../shared/types';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover';
import { messageOf, runFirstFetch, toastAddFailed } from './feedback';
import {
  useCreateSource,
  useDeleteSource,
  useFirstFetch,
  useUpdateSource,
  type SourceInput,
} from './mutations';
import { OpmlControls } from './OpmlControls';
import { EditableSourceList } from './EditableSourceList';
import { SourceFolderField } from './SourceFolderField';
import { SourceForm } from './SourceForm';

/** `status` (skeleton rows or the load error) replaces the list while set. */
export function PersonalSources({
  sources,
  status,
}: {
  sources: NewsSource[];
  status?: React.ReactNode;
}) {
  const [editingId, setEditingId] = useState<string | null>(null);
  const update = useUpdateSource();
  const remove = useDeleteSource();

  const save = (sourceId: string, draft: SourceInput) =>
    update.mutate(
      { sourceId, ...draft },
      {
        onSuccess: (res) => {
          toast.success(`Source "${res.name}" updated successfully!`);
          setEditingId(null);
        },
        onError: (e) =>
          toast.error('Failed to update source. Please try again.', {
            description: messageOf(e) || undefined,
          }),
      },
    );

  const del = (sourceId: string) =>
    remove.mutate(sourceId, {
      onSuccess: () => toast.success('News source deleted successfully!'),
      onError: (e) =>
        toast.error(messageOf(e) || 'An unexpected error occurred while deleting the source.'),
    });

  const deletingId = remove.isPending ? remove.variables : null;

  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex flex-col items-start gap-3 sm:flex-row sm:justify-between">
          <div className="flex flex-col gap-1.5">
            <CardTitle>Personal Sources</CardTitle>
            <CardDescription>
              Your custom news sources. Add new sources or delete ones you no longer want.
            </CardDescription>
          </div>
          <AddSourcePopover />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <OpmlControls />
        </div>
      </CardHeader>
      <CardContent>
        {status ??
          (sources.length === 0 ? (
            <p className="rounded-md border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
              No personal sources added yet. Add your first source above.
            </p>
          ) : (
            <EditableSourceList
              label="Personal sources"
              sources={sources}
              editingId={editingId}
              onEdit={setEditingId}
              savePending={update.isPending}
              onSave={save}
              deletingId={deletingId}
              onDelete={del}
              deleteVerb="Delete"
              deleteConsequence="The source and its stories leave your feed. This cannot be undone."
              rowExtra={folderField}
            />
          ))}
      </CardContent>
    </Card>
  );
}

/** The user's folder for each personal source (issue 26). */
const folderField = (source: NewsSource) => <SourceFolderField source={source} />;

function AddSourcePopover() {
  const [open, setOpen] = useState(false);
  const create = useCreateSource();
  const firstFetch = useFirstFetch();

  const add = async (input: SourceInput) => {
    try {
      const created = await create.mutateAsync(input);
      setOpen(false);
      void runFirstFetch(created.name, () => firstFetch(created.id));
      return true;
    } catch (e) {
      toastAddFailed(e);
      return false;
    }
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button size="sm" className="shrink-0" variant={open ? 'outline' : 'default'}>
          {open ? <X /> : <Plus />}
          {open ? 'Cancel' : 'Add Source'}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[28rem]" aria-label="Add a news source">
        <SourceForm
          types={ADD_FORM_SOURCE_TYPES}
          pending={create.isPending}
          extractingLabel="Extracting feed name..."
          pendingLabel="Adding..."
          onSubmit={add}
        />
      </PopoverContent>
    </Popover>
  );
}
