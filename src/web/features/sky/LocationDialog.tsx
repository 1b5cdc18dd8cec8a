// Set Your Location (spec 001 §2): the field resets to the saved ZIP on every
// open; the server's message shows under the field; Remove Location only with a
// place. Below the spec's form, a place anywhere on Earth (issue 28).
import { useEffect, useState, type FormEvent } from 'react';
import { updateZipSchema } from '../../../shared/schemas';
import { FormField } from '../../components/FormField';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import type { Units, UserLocation } from '../../../shared/types';
import { useUpdateZipCode } from '../account/mutations';
import { AnywhereSection } from './AnywhereSection';

const digitsOnly = (v: string) => v.replace(/\D/g, '').slice(0, 5);

export function LocationDialog({
  zipCode,
  location = null,
  units = 'us',
  open,
  onOpenChange,
}: {
  zipCode: string | null;
  location?: UserLocation | null;
  units?: Units;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateZipCode();
  const [value, setValue] = useState(zipCode ?? '');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (open) {
      setValue(zipCode ?? '');
      setError(undefined);
    }
  }, [open, zipCode]);

  function save(event: FormEvent) {
    event.preventDefault();
    const parsed = updateZipSchema.safeParse({ zipCode: value || null });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    update.mutate(parsed.data.zipCode, {
      onSuccess: () => onOpenChange(false),
      onError: (e) => setError(e.message || 'An unknown error occurred.'),
    });
  }

  function remove() {
    update.mutate(null, {
      onSuccess: () => onOpenChange(false),
      // Spec: a failed Remove Location is only logged.
      onError: (e) => console.error('Remove location failed', e),
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={save} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Set Your Location</DialogTitle>
            <DialogDescription>
              Provide your 5-digit US ZIP code to get local weather and moon phase information.
            </DialogDescription>
          </DialogHeader>
          <FormField
            label="ZIP Code"
            name="zipCode"
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="e.g., 90210"
            value={value}
            error={error}
            onChange={(e) => {
              setValue(digitsOnly(e.target.value));
              setError(undefined);
            }}
          />
          <DialogFooter className="sm:justify-between">
            {zipCode || location ? (
              <Button
                type="button"
                variant="ghost"
                className="text-destructive"
                disabled={update.isPending}
                onClick={remove}
              >
                Remove Location
              </Button>
            ) : (
              <span />
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={update.isPending}>
                Save
              </Button>
            </div>
          </DialogFooter>
        </form>
        <AnywhereSection location={location} units={units} onSaved={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
