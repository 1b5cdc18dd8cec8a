import { Loader2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { registerSchema } from '../../../shared/schemas';
import { FormAlert } from '../../components/FormAlert';
import { FormField } from '../../components/FormField';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { ThemeSwitch } from '../theme/ThemeSwitch';
import { useAuthSubmit } from './actions';
import { AuthShell } from './AuthShell';
import { registrationErrorMessage } from './errors';
import { focusFirstInvalid, validate, type FieldErrors } from './validate';

type RegisterValues = { email: string; displayName: string; password: string; zipCode: string };

/** Keeps only digits, at most five (ZIP fields). */
export const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 5);

/** The registration page (spec §2 "Registration page"). */
export function RegisterScreen() {
  const { phase, register } = useAuthSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<RegisterValues>({ email: '', displayName: '', password: '', zipCode: '' });
  const [errors, setErrors] = useState<FieldErrors<RegisterValues>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const busy = phase !== 'idle';

  const change = (field: keyof RegisterValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = field === 'zipCode' ? digitsOnly(e.target.value) : e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((errs) => ({ ...errs, [field]: undefined }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setFormError(null);
    const result = validate(registerSchema, values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current, result.errors);
      return;
    }
    try {
      await register(result.data); // the session is set; this page then sends the user to /
    } catch (error) {
      setFormError(registrationErrorMessage(error));
    }
  }

  return (
    <AuthShell aside={<ThemeSwitch />}>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="text-2xl">Create an Account</CardTitle>
          <CardDescription>Join to get your personalized news dashboard.</CardDescription>
        </CardHeader>
        <CardContent>
          <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Create an account">
            <FormAlert message={formError} />
            <FormField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={values.email}
              onChange={change('email')}
              error={errors.email}
              disabled={busy}
            />
            <FormField
              label="Display Name"
              name="displayName"
              autoComplete="nickname"
              hint="Spaces, emojis and special characters are allowed."
              value={values.displayName}
              onChange={change('displayName')}
              error={errors.displayName}
              disabled={busy}
            />
            <FormField
              label="Password"
              name="password"
              type="password"
              autoComplete="new-password"
              hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
              value={values.password}
              onChange={change('password')}
              error={errors.password}
              disabled={busy}
            />
            <FormField
              label="Zip Code (optional)"
              name="zipCode"
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="12345"
              hint="Used to show local weather and the moon phase in your dashboard."
              value={values.zipCode}
              onChange={change('zipCode')}
              error={errors.zipCode}
              disabled={busy}
            />
            <Button type="submit" disabled={busy} className="w-full">
              {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {phase === 'submitting' ? 'Creating Account...' : phase === 'preparing' ? 'Preparing Dashboard...' : 'Create Account'}
            </Button>
          </form>
        </CardContent>
        <CardFooter className="justify-center text-sm text-muted-foreground">
          <p>
            Already have an account?{' '}
            <Link to="/" className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              Sign in
            </Link>
          </p>
        </CardFooter>
      </Card>
    </AuthShell>
  );
}
