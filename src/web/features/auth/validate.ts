import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** Validates with a shared zod schema; on failure, the first message per field. */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.infer<S> } | { ok: false; errors: FieldErrors<z.input<S>> } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors: errors as FieldErrors<z.input<S>> };
}

/** Moves focus to the first field (in form order) that has an error. */
export function focusFirstInvalid(
  form: HTMLFormElement | null,
  errors: Record<string, string | undefined>,
) {
  if (!form) return;
  const field = Array.from(form.elements).find(
    (el): el is HTMLInputElement => el instanceof HTMLInputElement && Boolean(errors[el.name]),
  );
  field?.focus();
}

/**
 * A small form state for the shared zod schemas: values, per-field errors
 * (first message per field, focus on the first bad field), an error above
 * the form, and `field(name)` props for <FormField>.
 */
export function useZodForm<S extends z.ZodType, Values extends Record<string, string>>(
  schema: S,
  initial: Values,
  options: { transform?: Partial<Record<keyof Values, (value: string) => string>> } = {},
) {
  type Name = keyof Values & string;
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrorsState] = useState<FieldErrors<Values>>({});
  const [formError, setFormError] = useState<string | null>(null);

  /** Shows errors on fields and focuses the first one. */
  const setErrors = (next: FieldErrors<Values>) => {
    setErrorsState(next);
    focusFirstInvalid(formRef.current, next);
  };

  const field = (name: Name) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = options.transform?.[name]?.(e.target.value) ?? e.target.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrorsState((errs) => ({ ...errs, [name]: undefined }));
    },
  });

  /** onSubmit for the <form>: validates, then hands the parsed data over. */
  const handleSubmit = (onValid: (data: z.infer<S>) => void | Promise<void>) => (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const result = validate(schema, values);
    if (!result.ok) {
      setErrors(result.errors as FieldErrors<Values>);
      return;
    }
    void onValid(result.data);
  };

  const reset = (next: Values = initial) => {
    setValues(next);
    setErrorsState({});
    setFormError(null);
  };

  return {
    formRef,
    values,
    errors,
    setErrors,
    formError,
    setFormError,
    field,
    handleSubmit,
    reset,
    setValues,
  };
}
