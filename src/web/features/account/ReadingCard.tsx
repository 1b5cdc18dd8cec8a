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
import { setReaderPrefs, useReaderPrefs, type MarkReadPolicy } from '../reader/prefs';

const POLICIES: Array<{ value: MarkReadPolicy; label: string }> = [
  { value: 'open', label: 'When I open it' },
  { value: 'scroll', label: 'When I scroll past it' },
  { value: 'manual', label: 'Only when I mark it' },
];

export function ReadingCard() {
  const prefs = useReaderPrefs();
  const policyId = useId();
  const keysId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BookOpenCheck className="h-5 w-5" aria-hidden="true" />
          Reading
        </CardTitle>
        <CardDescription>
          How stories become read, and the keyboard. Kept in this browser.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="space-y-1.5">
          <Label htmlFor={policyId}>Mark a story as read</Label>
          <NativeSelect
            id={policyId}
            value={prefs.markRead}
            onChange={(e) => setReaderPrefs({ markRead: e.target.value as MarkReadPolicy })}
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
            onCheckedChange={(shortcuts) => setReaderPrefs({ shortcuts })}
          />
        </div>
      </CardContent>
    </Card>
  );
}
