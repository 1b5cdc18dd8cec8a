import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldError, FieldHint, Input, Label } from './ui/input';

export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
}

/** A labelled input with its hint and error, wired for screen readers. */
export const FormField = forwardRef<HTMLInputElement, FormFieldProps>(
  ({ label, hint, error, id, ...props }, ref) => {
    const autoId = useId();
    const inputId = id ?? autoId;
    const hintId = hint ? `${inputId}-hint` : undefined;
    const errorId = error ? `${inputId}-error` : undefined;
    return (
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={inputId}>{label}</Label>
        <Input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          {...props}
        />
        {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
        <FieldError id={errorId}>{error}</FieldError>
      </div>
    );
  },
);
FormField.displayName = 'FormField';
