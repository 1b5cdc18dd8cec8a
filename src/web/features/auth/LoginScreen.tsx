import { Link } from 'react-router';
import { loginSchema } from '../../../shared/schemas';
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
import { Loader2 } from 'lucide-react';
import { useAuthSubmit } from './actions';
import { AuthShell } from './AuthShell';
import { loginErrorMessage } from './errors';
import { useZodForm } from './validate';

/** The login page (spec §2): product description, logo and the sign-in card. */
export function LoginScreen() {
  const { phase, login } = useAuthSubmit();
  const form = useZodForm(loginSchema, { email: '', password: '' });
  const busy = phase !== 'idle';

  const onSubmit = form.handleSubmit(async (data) => {
    if (busy) return;
    try {
      await login(data);
    } catch (error) {
      form.setFormError(loginErrorMessage(error));
    }
  });

  return (
    <AuthShell>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="text-2xl">Welcome to AstroDash</CardTitle>
          <CardDescription>Log in to access your dashboard.</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            ref={form.formRef}
            noValidate
            onSubmit={onSubmit}
            className="flex flex-col gap-4"
            aria-label="Log in"
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
              label="Password"
              {...form.field('password')}
              type="password"
              autoComplete="current-password"
              disabled={busy}
            />
            <Button type="submit" disabled={busy} className="w-full">
              {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {phase === 'submitting'
                ? 'Logging in...'
                : phase === 'preparing'
                  ? 'Fetching News...'
                  : 'Log In'}
            </Button>
          </form>
        </CardContent>
        <CardFooter className="justify-center text-sm text-muted-foreground">
          <p>
            Don't have an account?{' '}
            <Link
              to="/register"
              className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm"
            >
              Sign up
            </Link>
          </p>
        </CardFooter>
      </Card>
    </AuthShell>
  );
}
