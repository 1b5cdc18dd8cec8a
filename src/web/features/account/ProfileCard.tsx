import { Loader2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { profileFormSchema, updateZipSchema } from '../../../shared/schemas';
import type { User } from '../../../shared/types';
import { FormAlert } from '../../components/FormAlert';
import { FormField } from '../../components/FormField';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { digitsOnly } from '../auth/RegisterScreen';
import { focusFirstInvalid, validate, type FieldErrors } from '../auth/validate';
import { AvatarEditor } from './AvatarEditor';
import { useUpdateProfile, useUpdateZipCode } from './mutations';

type ProfileValues = { displayName: string; email: string };

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

function ProfileForm({ user }: { user: User }) {
  const formRef = useRef<HTMLFormElement>(null);
  const update = useUpdateProfile();
  const [values, setValues] = useState<ProfileValues>({ displayName: user.displayName, email: user.email });
  const [errors, setErrors] = useState<FieldErrors<ProfileValues>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const change = (field: keyof ProfileValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((errs) => ({ ...errs, [field]: undefined }));
  };

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const result = validate(profileFormSchema, values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current, result.errors);
      return;
    }
    update.mutate(result.data, {
      onSuccess: ({ user: saved }) => {
        setValues({ displayName: saved.displayName, email: saved.email });
        toast.success('Profile updated successfully');
      },
      onError: (error) => {
        if (error.message.includes('Email already in use')) {
          setErrors({ email: 'This email is already in use' });
          focusFirstInvalid(formRef.current, { email: 'x' });
        } else {
          setFormError(error.message || 'Profile update failed');
        }
      },
    });
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Profile">
      <FormAlert message={formError} />
      <FormField
        label="Display Name"
        name="displayName"
        autoComplete="nickname"
        value={values.displayName}
        onChange={change('displayName')}
        error={errors.displayName}
      />
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        hint="Changing your email will require re-verification."
        value={values.email}
        onChange={change('email')}
        error={errors.email}
      />
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
    <section id="location" aria-labelledby="location-heading" className="flex flex-col gap-4 border-t border-border pt-6">
      <h3 id="location-heading" className="text-base font-semibold">
        Location
      </h3>
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
