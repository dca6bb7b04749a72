import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

interface FormFieldProps {
  label: ReactNode;
  /** The field's message, shown under it and linked to the control. */
  error?: string | undefined;
  /** Help shown under the control (a format, a counter). */
  hint?: ReactNode;
  /** Marks the label as optional. */
  optional?: boolean;
  className?: string;
  /** One input, select or textarea; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<ControlProps>;
}

/** A labelled control with its hint and error, wired for screen readers. */
export function FormField({ label, error, hint, optional, className, children }: FormFieldProps) {
  const generatedId = useId();
  const id = (isValidElement(children) && children.props.id) || generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const control = cloneElement(children, {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  });
  return (
    <div className={['form-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="form-field__label">
        {label}
        {optional && <span className="form-field__optional"> (opcional)</span>}
      </label>
      {control}
      {hint && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
