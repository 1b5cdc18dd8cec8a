// Inline edit of a source: name, URL and a type dropdown with all seven types.
import { Check, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { SOURCE_TYPES, type SourceType } from '../../../shared/constants';
import type { NewsSource } from '../../../shared/types';
import { Button } from '../../components/ui/button';
import { Input, Label, NativeSelect } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import type { SourceInput } from './mutations';
import { SOURCE_TYPE_LABELS } from './source-types';

export interface SourceEditFieldsProps {
  source: NewsSource;
  pending: boolean;
  onSave: (draft: SourceInput) => void;
  onCancel: () => void;
}

export function SourceEditFields({ source, pending, onSave, onCancel }: SourceEditFieldsProps) {
  const id = useId();
  const [draft, setDraft] = useState<SourceInput>({
    name: source.name,
    url: source.url,
    sourceType: source.sourceType,
  });
  const canSave = draft.name.trim() !== '' && draft.url.trim() !== '' && !pending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canSave)
      onSave({ name: draft.name.trim(), url: draft.url.trim(), sourceType: draft.sourceType });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Edit ${source.name}`}
      onKeyDown={(e) => e.key === 'Escape' && onCancel()}
      className="flex w-full flex-col gap-3 md:flex-row md:items-end"
    >
      <div className="flex flex-1 flex-col gap-1.5">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          id={`${id}-name`}
          value={draft.name}
          autoFocus
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        />
      </div>
      <div className="flex flex-[2] flex-col gap-1.5">
        <Label htmlFor={`${id}-url`}>URL</Label>
        <Input
          id={`${id}-url`}
          type="url"
          value={draft.url}
          onChange={(e) => setDraft({ ...draft, url: e.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1.5 md:w-40">
        <Label htmlFor={`${id}-type`}>Type</Label>
        <NativeSelect
          id={`${id}-type`}
          value={draft.sourceType}
          onChange={(e) => setDraft({ ...draft, sourceType: e.target.value as SourceType })}
        >
          {SOURCE_TYPES.map((t) => (
            <option key={t} value={t}>
              {SOURCE_TYPE_LABELS[t]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="icon" disabled={!canSave} aria-label="Save changes">
          {pending ? <Spinner label="Saving" /> : <Check />}
        </Button>
        <Button
          type="button"
          size="icon"
          variant="outline"
          onClick={onCancel}
          aria-label="Cancel editing"
        >
          <X />
        </Button>
      </div>
    </form>
  );
}
