// My Account → Reading (issue 25): when a story counts as read, and the keyboard shortcuts.
import { BookOpenCheck } from 'lucide-react';
import { useId } from 'react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { FieldHint, Label, NativeSelect } from '../../components/ui/input';
import { Switch } from '../../components/ui/switch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import type { MarkReadPolicy } from '../../../shared/reading';
import type { User } from '../../../shared/types';
import { api } from '../../lib/api';
import { sessionKey } from '../auth/session';
import { useReaderPrefs } from '../reader/prefs';

/** Saves a preference on the user; the session cache takes the answer. */
function useSavePrefs() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { markReadPolicy?: MarkReadPolicy; keyboardShortcuts?: boolean }) =>
      api.post<{ user: User }>(
        '/_api/account/reading-preferences',
        input,
        'Failed to save the preference',
      ),
    onSuccess: ({ user }) => qc.setQueryData<User | null>(sessionKey, user),
    onError: (e) => toast.error(e.message),
  });
}

const POLICIES: Array<{ value: MarkReadPolicy; label: string }> = [
  { value: 'opened', label: 'When I open it' },
  { value: 'scrolled', label: 'When I scroll past it' },
  { value: 'manual', label: 'Only when I mark it' },
];

export function ReadingCard() {
  const prefs = useReaderPrefs();
  const save = useSavePrefs();
  const policyId = useId();
  const keysId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BookOpenCheck className="h-5 w-5" aria-hidden="true" />
          Reading
        </CardTitle>
        <CardDescription>How stories become read, and the keyboard.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="space-y-1.5">
          <Label htmlFor={policyId}>Mark a story as read</Label>
          <NativeSelect
            id={policyId}
            value={prefs.markRead}
            disabled={save.isPending}
            onChange={(e) => save.mutate({ markReadPolicy: e.target.value as MarkReadPolicy })}
          >
            {POLICIES.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </NativeSelect>
          <FieldHint>
            Stories read during a visit stay in the list, dimmed, until the page reloads.
          </FieldHint>
        </div>
        <div className="flex items-start justify-between gap-4">
          <div className="space-y-1">
            <Label htmlFor={keysId}>Keyboard shortcuts</Label>
            <FieldHint>
              <kbd className="font-mono">j</kbd>/<kbd className="font-mono">k</kbd> to move,{' '}
              <kbd className="font-mono">?</kbd> on the dashboard lists them all.
            </FieldHint>
          </div>
          <Switch
            id={keysId}
            checked={prefs.shortcuts}
            disabled={save.isPending}
            onCheckedChange={(keyboardShortcuts) => save.mutate({ keyboardShortcuts })}
          />
        </div>
      </CardContent>
    </Card>
  );
}
