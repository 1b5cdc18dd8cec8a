// A list of editable source rows (personal sources; the admin's default sources):
// one row in edit mode at a time, the other edit and delete buttons disabled
// meanwhile, and a spinner on the row being deleted.
import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { NewsSource } from '../../../shared/types';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import type { SourceInput } from './mutations';
import { SourceEditFields } from './SourceEditFields';
import { SourceHealth } from './SourceHealth';
import { SourceSummary } from './SourceList';

export interface EditableSourceListProps {
  label: string;
  sources: NewsSource[];
  editingId: string | null;
  onEdit(sourceId: string | null): void;
  savePending: boolean;
  onSave(sourceId: string, draft: SourceInput): void;
  deletingId: string | null;
  onDelete(sourceId: string): void;
  /** 'Delete' or 'Remove' in the delete button's label. */
  deleteVerb: string;
  /** What deleting does, said in the confirmation dialog. */
  deleteConsequence: string;
  /** More under a row's summary (the user's folder for the source). */
  rowExtra?: (source: NewsSource) => ReactNode;
}

export function EditableSourceList(props: EditableSourceListProps) {
  const { sources, editingId, deletingId } = props;
  const locked = editingId !== null || deletingId !== null;
  // Deleting asks first: the source's stories go with it.
  const [confirming, setConfirming] = useState<NewsSource | null>(null);
  // Leaving edit mode unmounts the focused form: give focus back to the row's Edit button.
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  const previousEditingId = useRef(editingId);
  useEffect(() => {
    const previous = previousEditingId.current;
    previousEditingId.current = editingId;
    if (previous === null || editingId !== null) return;
    if (document.activeElement === null || document.activeElement === document.body)
      editButtons.current.get(previous)?.focus();
  }, [editingId]);
  return (
    <>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`${props.deleteVerb} "${confirming?.name ?? ''}"?`}
        description={props.deleteConsequence}
        confirmLabel={props.deleteVerb}
        onConfirm={() => confirming && props.onDelete(confirming.id)}
      />
      <ul className="flex flex-col gap-2" aria-label={props.label}>
        {sources.map((source) => (
          <li
            key={source.id}
            className="flex items-start gap-3 rounded-md border border-border p-3"
          >
            {editingId === source.id ? (
              <SourceEditFields
                source={source}
                pending={props.savePending}
                onSave={(draft) => props.onSave(source.id, draft)}
                onCancel={() => props.onEdit(null)}
              />
            ) : (
              <>
                <SourceSummary source={source}>
                  {source.builtIn ? null : <SourceHealth health={source.health} />}
                  {props.rowExtra?.(source)}
                </SourceSummary>
                <div className="flex shrink-0 gap-1">
                  {/* Written by AstroDash (the user's own briefings): deleted, never edited. */}
                  <Button
                    hidden={source.builtIn === true}
                    ref={(el) => {
                      if (el) editButtons.current.set(source.id, el);
                      else editButtons.current.delete(source.id);
                    }}
                    variant="ghost"
                    size="icon"
                    aria-label={`Edit ${source.name}`}
                    disabled={locked}
                    onClick={() => props.onEdit(source.id)}
                  >
                    <Pencil />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-destructive hover:text-destructive"
                    aria-label={`${props.deleteVerb} ${source.name}`}
                    disabled={locked}
                    onClick={() => setConfirming(source)}
                  >
                    {deletingId === source.id ? (
                      <Spinner label={`Deleting ${source.name}`} />
                    ) : (
                      <Trash2 />
                    )}
                  </Button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
