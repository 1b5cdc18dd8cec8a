import { Loader2 } from 'lucide-react';
import { Link } from 'react-router';
import { registerSchema } from '../../../shared/schemas';
import { UNKNOWN_ZIP_MESSAGE } from '../../../shared/sky';
import { FormAlert } from '../../components/FormAlert';
import { FormField } from '../../components/FormField';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { ThemeSwitch } from '../theme/ThemeSwitch';
import { useAuthSubmit } from './actions';
import { AuthShell } from './AuthShell';
import { registrationErrorMessage } from './errors';
import { useZodForm } from './validate';

/** Keeps only digits, at most five (ZIP fields). */
export const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 5);

/** The registration page (spec §2 "Registration page"). */
export function RegisterScreen() {
  const { phase, register } = useAuthSubmit();
  const form = useZodForm(
    registerSchema,
    { email: '', displayName: '', password: '', zipCode: '' },
    { transform: { zipCode: digitsOnly } },
  );
  const busy = phase !== 'idle';

  const onSubmit = form.handleSubmit(async (data) => {
    if (busy) return;
    try {
      await register(data); // the session is set; this page then sends the user to /
    } catch (error) {
      // An unknown ZIP belongs under the ZIP field, like the format message.
      if (error instanceof Error && error.message === UNKNOWN_ZIP_MESSAGE)
        form.setErrors({ zipCode: error.message });
      else form.setFormError(registrationErrorMessage(error));
    }
  });

  return (
    <AuthShell aside={<ThemeSwitch />}>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="text-2xl">Create an Account</CardTitle>
          <CardDescription>Join to get your personalized news dashboard.</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            ref={form.formRef}
            noValidate
            onSubmit={onSubmit}
            className="flex flex-col gap-4"
            aria-label="Create an account"
          >
            <FormAlert message={form.formError} />
            <FormField
              label="Email"
              {...form.field('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              disabled={busy}
            />
            <FormField
              label="Display Name"
              {...form.field('displayName')}
              autoComplete="nickname"
              hint="Spaces, emojis and special characters are allowed."
              disabled={busy}
            />
            <FormField
              label="Password"
              {...form.field('password')}
              type="password"
              autoComplete="new-password"
              hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
              disabled={busy}
            />
            <FormField
              label="Zip Code (optional)"
              {...form.field('zipCode')}
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="12345"
              hint="Used to show local weather and the moon phase in your dashboard."
              disabled={busy}
            />
            <Button type="submit" disabled={busy} className="w-full">
              {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {phase === 'submitting'
                ? 'Creating Account...'
                : phase === 'preparing'
                  ? 'Preparing Dashboard...'
                  : 'Create Account'}
            </Button>
          </form>
        </CardContent>
        <CardFooter className="justify-center text-sm text-muted-foreground">
          <p>
            Already have an account?{' '}
            <Link
              to="/"
              className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              Sign in
            </Link>
          </p>
        </CardFooter>
      </Card>
    </AuthShell>
  );
}
