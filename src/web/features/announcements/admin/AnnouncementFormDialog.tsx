// The create/edit dialog (spec 001 §2 "Manage Announcements"): title, Markdown
// content with a preview, type (default information) and expiry (default 7 days
// ahead, no past days). Validated with the API's own schemas before sending.
import { Eye, PenLine } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ANNOUNCEMENT_TYPES, type AnnouncementType } from '../../../../shared/constants';
import { createAnnouncementSchema, updateAnnouncementSchema } from '../../../../shared/schemas';
import type { AdminAnnouncement } from '../../../../shared/types';
import { FormField } from '../../../components/FormField';
import { FormAlert } from '../../../components/FormAlert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError, FieldHint, Label, NativeSelect, Textarea } from '../../../components/ui/input';
import type { AnnouncementInput } from '../api';
import { AnnouncementBody, TYPE_LABELS } from '../parts';
import { defaultExpiry, earliestExpiry, fromLocalInput, toLocalInput } from './expiry';

type Field = keyof AnnouncementInput;
type Errors = Partial<Record<Field | 'form', string>>;

interface Draft {
  title: string;
  content: string;
  type: AnnouncementType;
  /** datetime-local value. */
  expiry: string;
}

const draftOf = (a: AdminAnnouncement | null): Draft =>
  a
    ? { title: a.title, content: a.content, type: a.type, expiry: toLocalInput(a.expirationDate) }
    : { title: '', content: '', type: 'information', expiry: defaultExpiry() };

/** Only what changed, so an expired announcement's typo can be fixed without a new date. */
function changes(draft: Draft, original: Draft): Partial<AnnouncementInput> {
  const patch: Partial<AnnouncementInput> = {};
  if (draft.title !== original.title) patch.title = draft.title;
  if (draft.content !== original.content) patch.content = draft.content;
  if (draft.type !== original.type) patch.type = draft.type;
  if (draft.expiry !== original.expiry) patch.expirationDate = fromLocalInput(draft.expiry);
  return patch;
}

function errorsFrom(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = (issue.path[0] as Field | undefined) ?? 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

export interface AnnouncementFormDialogProps {
  open: boolean;
  /** The announcement being edited; null creates a new one. */
  announcement: AdminAnnouncement | null;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onCreate: (input: AnnouncementInput) => void;
  onUpdate: (patch: Partial<AnnouncementInput> & { announcementId: number }) => void;
}

export function AnnouncementFormDialog(props: AnnouncementFormDialogProps) {
  const editing = props.announcement !== null;
  return (
    <Dialog open={props.open} onOpenChange={(open) => !props.pending && props.onOpenChange(open)}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Announcement' : 'Create New Announcement'}</DialogTitle>
          <DialogDescription>
            Announcements show as banners to every user until they expire or are dismissed.
          </DialogDescription>
        </DialogHeader>
        {/* Keyed so every opening starts from the announcement (or the defaults). */}
        <AnnouncementForm key={props.announcement?.id ?? 'new'} {...props} />
      </DialogContent>
    </Dialog>
  );
}

function AnnouncementForm({
  announcement,
  pending,
  onOpenChange,
  onCreate,
  onUpdate,
}: AnnouncementFormDialogProps) {
  const [original] = useState(() => draftOf(announcement));
  const [draft, setDraft] = useState(original);
  const [errors, setErrors] = useState<Errors>({});
  const [preview, setPreview] = useState(false);
  const ids = { content: useId(), type: useId(), expiry: useId() };
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    const field = key === 'expiry' ? 'expirationDate' : key;
    setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };
  const patch = announcement ? changes(draft, original) : null;
  const unchanged = patch !== null && Object.keys(patch).length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (announcement && patch) {
      const body = { announcementId: announcement.id, ...patch };
      const checked = updateAnnouncementSchema.safeParse(body);
      if (!checked.success) return setErrors(errorsFrom(checked.error.issues));
      return onUpdate(body);
    }
    const input: AnnouncementInput = {
      title: draft.title,
      content: draft.content,
      type: draft.type,
      expirationDate: fromLocalInput(draft.expiry),
    };
    const checked = createAnnouncementSchema.safeParse(input);
    if (!checked.success) return setErrors(errorsFrom(checked.error.issues));
    onCreate(input);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Announcement">
      <FormAlert message={errors.form} />
      <FormField
        label="Title"
        value={draft.title}
        onChange={(e) => set('title', e.target.value)}
        error={errors.title}
        placeholder="e.g., Scheduled maintenance tonight"
        autoComplete="off"
        disabled={pending}
      />
      <div className="flex flex-col gap-1.5">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={ids.content}>Content (Markdown)</Label>
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={preview}
            onClick={() => setPreview(!preview)}
          >
            {preview ? <PenLine /> : <Eye />}
            {preview ? 'Write' : 'Preview'}
          </Button>
        </div>
        {preview ? (
          <div
            className="min-h-40 rounded-md border border-input bg-muted/30 px-3 py-2"
            data-testid="announcement-preview"
          >
            {draft.content.trim() ? (
              <AnnouncementBody content={draft.content} />
            ) : (
              <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>
            )}
          </div>
        ) : (
          <Textarea
            id={ids.content}
            value={draft.content}
            onChange={(e) => set('content', e.target.value)}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={`${ids.content}-hint${errors.content ? ` ${ids.content}-error` : ''}`}
            rows={7}
            className="min-h-40 font-mono text-[0.8125rem]"
            placeholder="What should users know? **Bold**, _italic_, [links](https://example.com) and lists work."
            disabled={pending}
          />
        )}
        <FieldHint id={`${ids.content}-hint`}>
          Markdown: **bold**, _italic_, [link](https://…), - lists. HTML is not rendered.
        </FieldHint>
        <FieldError id={`${ids.content}-error`}>{errors.content}</FieldError>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.type}>Type</Label>
          <NativeSelect
            id={ids.type}
            value={draft.type}
            onChange={(e) => set('type', e.target.value as AnnouncementType)}
            aria-invalid={errors.type ? true : undefined}
            disabled={pending}
          >
            {ANNOUNCEMENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
          <FieldError>{errors.type}</FieldError>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.expiry}>Expiration date</Label>
          <input
            id={ids.expiry}
            type="datetime-local"
            value={draft.expiry}
            min={earliestExpiry()}
            onChange={(e) => set('expiry', e.target.value)}
            aria-invalid={errors.expirationDate ? true : undefined}
            aria-describedby={errors.expirationDate ? `${ids.expiry}-error` : undefined}
            disabled={pending}
            className="flex h-9 w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive"
          />
          <FieldError id={`${ids.expiry}-error`}>{errors.expirationDate}</FieldError>
        </div>
      </div>
      <DialogFooter>
        <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending || unchanged}>
          {announcement
            ? pending
              ? 'Saving...'
              : 'Save Changes'
            : pending
              ? 'Creating...'
              : 'Create Announcement'}
        </Button>
      </DialogFooter>
    </form>
  );
}
