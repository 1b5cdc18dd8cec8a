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
export function focusFirstInvalid(form: HTMLFormElement | null, errors: Record<string, string | undefined>) {
  if (!form) return;
  const field = Array.from(form.elements).find(
    (el): el is HTMLInputElement => el instanceof HTMLInputElement && Boolean(errors[el.name]),
  );
  field?.focus();
}
