import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { profileFormSchema, updateZipSchema } from '../../../shared/schemas';
import type { User } from '../../../shared/types';
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
import { digitsOnly } from '../auth/RegisterScreen';
import { useZodForm, validate } from '../auth/validate';
import { AvatarEditor } from './AvatarEditor';
import { useUpdateProfile, useUpdateZipCode } from './mutations';

/** Profile Information card: avatar, display name, email and the Location section (spec §2). */
export function ProfileCard({ user }: { user: User }) {
  return (
    <Card id="profile">
      <CardHeader>
        <CardTitle>Profile Information</CardTitle>
        <CardDescription>Your picture, name and e-mail address.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <AvatarEditor user={user} />
        <ProfileForm user={user} />
        <LocationSection user={user} />
      </CardContent>
    </Card>
  );
}

/** Same address, ignoring case and surrounding spaces, as the server compares it. */
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const form = useZodForm(profileFormSchema, {
    displayName: user.displayName,
    email: user.email,
    currentPassword: '',
  });
  // Moving the account to another address needs the current password (the server checks it).
  const emailChanged = !sameEmail(form.values.email, user.email);

  const onSubmit = form.handleSubmit(({ currentPassword, ...data }) => {
    if (emailChanged && !currentPassword) {
      form.setErrors({ currentPassword: 'Current password is required to change your email' });
      return;
    }
    update.mutate(emailChanged ? { ...data, currentPassword } : data, {
      onSuccess: ({ user: saved }) => {
        form.reset({ displayName: saved.displayName, email: saved.email, currentPassword: '' });
        toast.success('Profile updated successfully');
      },
      onError: (error) => {
        if (error.message.includes('Email already in use'))
          form.setErrors({ email: 'This email is already in use' });
        else if (error.message.includes('Current password'))
          form.setErrors({ currentPassword: error.message });
        else form.setFormError(error.message || 'Profile update failed');
      },
    });
  });

  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label="Profile"
    >
      <FormAlert message={form.formError} />
      <FormField label="Display Name" {...form.field('displayName')} autoComplete="nickname" />
      <FormField
        label="Email"
        {...form.field('email')}
        type="email"
        autoComplete="email"
        // The spec's words, then what re-verification means here: no email is sent.
        hint="Changing your email will require re-verification. You confirm it with your current password; no email is sent."
      />
      {emailChanged ? (
        <FormField
          label="Current Password"
          {...form.field('currentPassword')}
          type="password"
          autoComplete="current-password"
          hint="Enter your current password to change your email."
        />
      ) : null}
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Save Changes
        </Button>
      </div>
    </form>
  );
}

function LocationSection({ user }: { user: User }) {
  const update = useUpdateZipCode();
  const [zip, setZip] = useState(user.zipCode ?? '');
  const [error, setError] = useState<string | undefined>();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    const result = validate(updateZipSchema, { zipCode: zip || null });
    if (!result.ok) {
      setError(result.errors.zipCode);
      return;
    }
    update.mutate(result.data.zipCode, {
      onSuccess: ({ user: saved }) => {
        setZip(saved.zipCode ?? '');
        toast.success(saved.zipCode ? 'Location updated' : 'Location removed');
      },
      onError: (err) => setError(err.message),
    });
  }

  return (
    <section
      id="location"
      aria-labelledby="location-heading"
      className="flex flex-col gap-4 border-t border-border pt-6"
    >
      <h3 id="location-heading" className="text-base font-semibold">
        Location
      </h3>
      {user.location ? (
        // Issue 28: a place outside the US is set from the header's location dialog.
        <p className="text-sm" data-testid="account-place">
          Your place: <span className="font-medium">{user.location.name}</span>{' '}
          <span className="text-muted-foreground">
            ({user.location.timeZone}; change it from the location button in the header)
          </span>
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Location">
        <FormField
          label="Zip Code"
          name="zipCode"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="12345"
          className="max-w-40"
          hint="Used for weather and location-based features. Leave empty to remove."
          value={zip}
          onChange={(e) => {
            setZip(digitsOnly(e.target.value));
            setError(undefined);
          }}
          error={error}
        />
        <div>
          <Button type="submit" variant="outline" disabled={update.isPending}>
            {update.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            Update Location
          </Button>
        </div>
      </form>
    </section>
  );
}
