import { KeyRound, Loader2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { changePasswordFormSchema } from '../../../shared/schemas';
import { FormAlert } from '../../components/FormAlert';
import { FormField } from '../../components/FormField';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { SIGN_OUT_STATE } from '../auth/sign-out';
import { useZodForm } from '../auth/validate';
import { useChangePassword } from './mutations';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Security card: the Change Password panel and the success dialog (spec §2, §4). */
export function SecurityCard() {
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const change = useChangePassword();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const form = useZodForm(changePasswordFormSchema, EMPTY);

  function cancel() {
    form.reset();
    setOpen(false);
    requestAnimationFrame(() => openButtonRef.current?.focus());
  }

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          setDone(true);
        },
        onError: (error) => {
          if (error.message.includes('Current password is incorrect'))
            form.setErrors({ currentPassword: error.message });
          else form.setFormError(error.message || 'Password change failed');
        },
      },
    ),
  );

  /** The server has already ended every session: go to / and sign out there (see HomePage). */
  function continueToSignIn() {
    void navigate('/', { replace: true, state: SIGN_OUT_STATE });
  }

  return (
    <Card id="security">
      <CardHeader>
        <CardTitle>Security</CardTitle>
        <CardDescription>Change the password you sign in with.</CardDescription>
      </CardHeader>
      <CardContent>
        {open ? (
          <form
            ref={form.formRef}
            noValidate
            onSubmit={onSubmit}
            className="flex flex-col gap-4"
            aria-label="Change password"
          >
            <FormAlert message={form.formError} />
            <FormField
              label="Current Password"
              {...form.field('currentPassword')}
              type="password"
              autoComplete="current-password"
              autoFocus
            />
            <FormField
              label="New Password"
              {...form.field('newPassword')}
              type="password"
              autoComplete="new-password"
              // The spec's words, then the rule the server enforces too (registerSchema's).
              hint="Password must be at least 8 characters long. It needs an uppercase letter, a lowercase letter and a number."
            />
            <FormField
              label="Confirm New Password"
              {...form.field('confirmPassword')}
              type="password"
              autoComplete="new-password"
            />
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" onClick={cancel} disabled={change.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={change.isPending}>
                {change.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
                Update Password
              </Button>
            </div>
          </form>
        ) : (
          <Button ref={openButtonRef} variant="outline" onClick={() => setOpen(true)}>
            <KeyRound aria-hidden="true" />
            Change Password
          </Button>
        )}
      </CardContent>
      <Dialog open={done} onOpenChange={(isOpen) => !isOpen && continueToSignIn()}>
        <DialogContent onPointerDownOutside={(e) => e.preventDefault()}>
          <DialogHeader>
            <DialogTitle>Password Updated Successfully</DialogTitle>
            <DialogDescription>
              Your password has been changed. For your security you will be logged out now and must
              sign in again with your new password.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button onClick={continueToSignIn}>Continue to Sign In</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
