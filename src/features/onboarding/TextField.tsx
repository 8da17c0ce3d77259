import { type InputHTMLAttributes, type Ref, useId } from 'react';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  label: string;
  /** Shown under the field, announced (role=alert), and the field marked invalid. */
  error?: string | null;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input of the onboarding forms, with its hint and its error beside it. */
export function TextField({ label, error, hint, ref, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="onboarding-field">
      <label className="onboarding-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        ref={ref}
        id={id}
        className="onboarding-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <p id={hintId} className="onboarding-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
