// The add form shared by the Sources tab (personal) and the admin panel (defaults):
// type tabs, name and URL fields, rss title auto-fill, 'Save Source'. A name or URL
// the server would refuse is said under its field, before anything is sent.
import { CheckCircle2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { SourceType } from '../../../shared/constants';
import { createSourceSchema } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsList, TabsTrigger } from '../../components/ui/tabs';
import type { SourceInput } from './mutations';
import { SOURCE_TYPE_LABELS, SourceTypeIcon, urlPlaceholder } from './source-types';
import { useTitleAutoFill } from './useTitleAutoFill';

export interface SourceFormProps {
  types: readonly SourceType[];
  pending: boolean;
  /** Label next to the name while the title is being extracted. */
  extractingLabel: string;
  /** The submit button's text while the add is pending. */
  pendingLabel: string;
  /** Admin form: a type change clears the URL too (001 §4). */
  clearUrlOnTypeChange?: boolean;
  /** Resolves true when saved: the form then resets. */
  onSubmit: (input: SourceInput) => Promise<boolean>;
}

export function SourceForm({
  types,
  pending,
  extractingLabel,
  pendingLabel,
  clearUrlOnTypeChange,
  onSubmit,
}: SourceFormProps) {
  const id = useId();
  const [sourceType, setSourceType] = useState<SourceType>('rss');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<{ name?: string; url?: string }>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const autoFill = useTitleAutoFill({ enabled: sourceType === 'rss', url, onTitle: setName });

  const changeType = (next: SourceType) => {
    setSourceType(next);
    setErrors({});
    autoFill.reset();
    if (next !== 'rss' || clearUrlOnTypeChange) setName('');
    if (clearUrlOnTypeChange) setUrl('');
  };

  const canSave = name.trim() !== '' && url.trim() !== '' && !pending;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSave) return;
    const parsed = createSourceSchema.safeParse({ name, url, sourceType });
    if (!parsed.success) {
      const found: { name?: string; url?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'name' || field === 'url') found[field] ??= issue.message;
      }
      setErrors(found);
      (found.name ? nameRef : urlRef).current?.focus();
      return;
    }
    const saved = await onSubmit({ name: name.trim(), url: url.trim(), sourceType });
    if (saved) {
      setSourceType('rss');
      setName('');
      setUrl('');
      autoFill.reset();
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Add source"
    >
      <Tabs value={sourceType} onValueChange={(v) => changeType(v as SourceType)}>
        <TabsList aria-label="Source type" className="h-auto flex-wrap justify-start">
          {types.map((t) => (
            <TabsTrigger key={t} value={t} className="px-2">
              <SourceTypeIcon type={t} />
              {SOURCE_TYPE_LABELS[t]}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      <div className="flex flex-col gap-1.5">
        <div className="flex min-h-4 items-center justify-between gap-2">
          <Label htmlFor={`${id}-name`}>Source name</Label>
          {autoFill.extracting ? (
            <span
              className="flex items-center gap-1 text-xs text-muted-foreground"
              aria-live="polite"
            >
              <Spinner className="h-3 w-3" label={extractingLabel} />
              {extractingLabel}
            </span>
          ) : autoFill.autoFilled ? (
            <span className="flex items-center gap-1 text-xs text-success" aria-live="polite">
              <CheckCircle2 className="h-3 w-3" aria-hidden="true" />
              Auto-filled
            </span>
          ) : null}
        </div>
        <Input
          id={`${id}-name`}
          ref={nameRef}
          value={name}
          placeholder="Source name"
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setErrors((v) => ({ ...v, name: undefined }));
            autoFill.markNameEdited();
          }}
        />
        <FieldError id={`${id}-name-error`}>{errors.name}</FieldError>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-url`}>URL</Label>
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          value={url}
          ref={urlRef}
          placeholder={urlPlaceholder(sourceType)}
          autoComplete="off"
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errors.url ? `${id}-url-error` : undefined}
          onChange={(e) => {
            setUrl(e.target.value);
            setErrors((v) => ({ ...v, url: undefined }));
          }}
          onBlur={autoFill.extractNow}
        />
        <FieldError id={`${id}-url-error`}>{errors.url}</FieldError>
      </div>
      <Button type="submit" disabled={!canSave}>
        {pending ? (
          <>
            <Spinner label={pendingLabel} />
            {pendingLabel}
          </>
        ) : (
          'Save Source'
        )}
      </Button>
    </form>
  );
}
