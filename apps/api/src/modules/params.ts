import { z } from 'zod';

/** The largest value of a PostgreSQL integer column. */
export const MAX_ID = 2_147_483_647;

/** A database id: a positive 32-bit integer, so PostgreSQL never sees one out of range. */
export const idParams = z.object({
  id: z.coerce
    .number({ error: 'El identificador no es válido.' })
    .int({ error: 'El identificador no es válido.' })
    .min(1, { error: 'El identificador no es válido.' })
    .max(MAX_ID, { error: 'El identificador no es válido.' }),
});

/** OpenAPI security of a route only an ADMIN may call (`app.requireAdmin`). */
export const adminOnly = [{ bearerAuth: [] }];

/**
 * OpenAPI security of a route an ADMIN or a VENDOR may call (`app.requireStaff`, decision 018).
 * The same bearer scheme: OpenAPI 3.0 has no role names for it, so the route's description
 * says who may call it when that matters.
 */
export const staffOnly = [{ bearerAuth: [] }];
