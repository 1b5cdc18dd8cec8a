// Admin panel 'Default Sources' section (spec 001 §2): add with type tabs and
// type-specific placeholders, inline edit (one at a time), remove; sorted by name.
import { Plus, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from '../../../lib/toast';
import { SOURCE_TYPES } from '../../../../shared/constants';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { messageOf } from '../feedback';
import {
  useCreateDefaultSource,
  useDeleteDefaultSource,
  useUpdateDefaultSource,
  type SourceInput,
} from '../mutations';
import { useSources } from '../queries';
import { sortByName } from '../source-types';
import { EditableSourceList } from '../EditableSourceList';
import { SourceForm } from '../SourceForm';
import { SourceLoadError, SourceSkeletonRows } from '../SourceList';

export function DefaultSourcesAdmin() {
  const sources = useSources();
  const defaults = useMemo(
    () =>
      sortByName(
        // AI Briefings is written by AstroDash: users switch it, nobody edits it.
        (sources.data ?? []).filter((s) => s.userId === null && !s.builtIn),
      ),
    [sources.data],
  );
  const [formOpen, setFormOpen] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const create = useCreateDefaultSource();
  const update = useUpdateDefaultSource();
  const remove = useDeleteDefaultSource();
  const removingId = remove.isPending ? remove.variables : null;

  const add = async (input: SourceInput) => {
    try {
      await create.mutateAsync(input);
      toast.success('Default source added successfully.');
      setFormOpen(false); // done: the new source shows in the list below
      return true;
    } catch (e) {
      toast.error(`Failed to add source: ${messageOf(e)}`);
      return false;
    }
  };

  const save = (sourceId: string, draft: SourceInput) =>
    update.mutate(
      { sourceId, ...draft },
      {
        onSuccess: () => {
          toast.success('Default source updated successfully.');
          setEditingId(null);
        },
        onError: (e) => toast.error(`Failed to update source: ${messageOf(e)}`),
      },
    );

  const del = (sourceId: string) =>
    remove.mutate(sourceId, {
      onSuccess: () => toast.success('Default source deleted successfully.'),
      onError: (e) => toast.error(`Failed to delete source: ${messageOf(e)}`),
    });

  return (
    <Card id="default-sources">
      <CardHeader className="items-start gap-3 sm:flex-row sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Manage Default Sources</CardTitle>
          <CardDescription>
            Add, edit or remove the default news sources available to all users.
          </CardDescription>
        </div>
        <Button
          size="sm"
          className="shrink-0"
          variant={formOpen ? 'outline' : 'default'}
          aria-expanded={formOpen}
          onClick={() => setFormOpen(!formOpen)}
        >
          {formOpen ? <X /> : <Plus />}
          {formOpen ? 'Cancel' : 'Add Default Source'}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {formOpen ? (
          <div className="rounded-md border border-border bg-muted/30 p-4">
            <SourceForm
              types={SOURCE_TYPES}
              pending={create.isPending}
              extractingLabel="Extracting..."
              pendingLabel="Adding..."
              clearUrlOnTypeChange
              onSubmit={add}
            />
          </div>
        ) : null}
        {sources.isPending ? (
          <SourceSkeletonRows />
        ) : sources.isError ? (
          <SourceLoadError />
        ) : defaults.length === 0 ? (
          <p className="rounded-md border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            No default sources found. Add one to get started.
          </p>
        ) : (
          <EditableSourceList
            label="Default sources"
            sources={defaults}
            editingId={editingId}
            onEdit={setEditingId}
            savePending={update.isPending}
            onSave={save}
            deletingId={removingId}
            onDelete={del}
            deleteVerb="Remove"
            deleteConsequence="The source and its stories leave every user's feed. This cannot be undone."
          />
        )}
      </CardContent>
    </Card>
  );
}
