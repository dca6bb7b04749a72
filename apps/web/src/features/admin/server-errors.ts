import { ApiError } from '../../lib/api-client';

/** The spec's action message followed by what the server said, e.g. 'Error al guardar el usuario. El correo ya está registrado.' */
export function actionErrorMessage(base: string, error: unknown): string {
  return error instanceof ApiError ? `${base} ${error.message}` : base;
}

/** The server's message for each of the form's own fields, in the form's order. */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): [F, string][] {
  if (!(error instanceof ApiError) || !error.errors) return [];
  const errors = error.errors;
  return fields.flatMap((field) => {
    const message = errors[field];
    return message ? [[field, message] as [F, string]] : [];
  });
}
