import type { z } from 'zod';

/** The field a path belongs to: nested paths such as ['categoria', 'id'] name their form field. */
export function fieldOfPath(path: readonly PropertyKey[]): string {
  return path.length > 0 ? String(path[0]) : '_';
}

/** The first message of each field: the `errors` of an API error. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    errors[fieldOfPath(issue.path)] ??= issue.message;
  }
  return errors;
}
