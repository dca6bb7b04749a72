import { useRef, type FormEvent } from 'react';
import {
  useForm,
  type FieldValues,
  type Path,
  type SubmitHandler,
  type UseFormProps,
} from 'react-hook-form';
import { ApiError } from './api-client';
import { errorPaths, focusFirstInvalid } from './focus-first-invalid';

type ServerFormOptions<TValues extends FieldValues, TOutput> = UseFormProps<
  TValues,
  unknown,
  TOutput
> & {
  /** The fields a server message may land on; the keys of defaultValues unless given. */
  serverFields?: readonly string[];
};

/**
 * The one form pattern: react-hook-form, validated when a field is left, and the focus on the
 * first invalid field in page order, for the browser's checks and for the server's alike.
 * The <form> submits through `submit`.
 */
export function useServerForm<TValues extends FieldValues, TOutput = TValues>({
  serverFields,
  ...options
}: ServerFormOptions<TValues, TOutput>) {
  const form = useForm<TValues, unknown, TOutput>({
    mode: 'onTouched',
    shouldFocusError: false,
    ...options,
  });
  // The submitted <form>, kept for the server's answer: focus goes to its first invalid control.
  const formElement = useRef<HTMLFormElement | null>(null);
  const fields = serverFields ?? Object.keys(options.defaultValues ?? {});

  /** The form's onSubmit: validates, focuses the first invalid field, or calls onValid. */
  const submit = (onValid: SubmitHandler<TOutput>) => (event: FormEvent<HTMLFormElement>) => {
    formElement.current = event.currentTarget;
    return form.handleSubmit(onValid, (invalid) =>
      focusFirstInvalid(formElement.current, errorPaths(invalid)),
    )(event);
  };

  /**
   * Puts the server's message for each of the form's fields next to it (an ApiError's `errors`,
   * unless given) and focuses the first. Says whether any field got one.
   */
  const showServerErrors = (
    error: unknown,
    errors: Record<string, string> = error instanceof ApiError ? (error.errors ?? {}) : {},
  ): boolean => {
    const names = Object.keys(errors).filter((name) => fields.includes(name));
    for (const name of names) {
      form.setError(name as Path<TValues>, { type: 'server', message: errors[name] });
    }
    focusFirstInvalid(formElement.current, names);
    return names.length > 0;
  };

  return { ...form, submit, showServerErrors };
}

export type ServerForm<TValues extends FieldValues, TOutput = TValues> = ReturnType<
  typeof useServerForm<TValues, TOutput>
>;
