import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { loginSchema } from '../../../shared/schemas';
import { FormAlert } from '../../components/FormAlert';
import { FormField } from '../../components/FormField';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { Loader2 } from 'lucide-react';
import { useAuthSubmit } from './actions';
import { AuthShell } from './AuthShell';
import { loginErrorMessage } from './errors';
import { focusFirstInvalid, validate, type FieldErrors } from './validate';

type LoginValues = { email: string; password: string };

/** The login page (spec §2): product description, logo and the sign-in card. */
export function LoginScreen() {
  const { phase, login } = useAuthSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<LoginValues>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const busy = phase !== 'idle';

  const change = (field: keyof LoginValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((errs) => ({ ...errs, [field]: undefined }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setFormError(null);
    const result = validate(loginSchema, values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current, result.errors);
      return;
    }
    try {
      await login(result.data);
    } catch (error) {
      setFormError(loginErrorMessage(error));
    }
  }

  return (
    <AuthShell>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="text-2xl">Welcome to AstroDash</CardTitle>
          <CardDescription>Log in to access your dashboard.</CardDescription>
        </CardHeader>
        <CardContent>
          <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Log in">
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
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={values.password}
              onChange={change('password')}
              error={errors.password}
              disabled={busy}
            />
            <Button type="submit" disabled={busy} className="w-full">
              {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {phase === 'submitting' ? 'Logging in...' : phase === 'preparing' ? 'Fetching News...' : 'Log In'}
            </Button>
          </form>
        </CardContent>
        <CardFooter className="justify-center text-sm text-muted-foreground">
          <p>
            Don't have an account?{' '}
            <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm">
              Sign up
            </Link>
          </p>
        </CardFooter>
      </Card>
    </AuthShell>
  );
}
