import { z } from 'zod';

/**
 * Every list that grows is answered a page at a time: without `limite` a fixed page, never the
 * whole table (decision 009). The answer stays a JSON array; the unpaged count travels in
 * `X-Total-Count` and the neighbouring pages in an RFC 8288 `Link` header.
 */
export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 100;
/** Far beyond any real list; it only keeps OFFSET a sane number. */
export const LIST_PAGE_MAX = 100_000;

/** Lenient on purpose: a bad value is ignored, as the product list does with its filters. */
export const ignoreInvalid = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** A number from the query string; an empty value means "not given", not zero. */
export const numberParam = (schema: z.ZodNumber) =>
  ignoreInvalid(
    z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.coerce.number().pipe(schema),
    ),
  );

/** `pagina` (1-based) and `limite` (1..max); either may be missing or wrong and is then ignored. */
export const pagingQueryShape = (limiteMax: number = LIST_LIMIT_MAX) => ({
  pagina: numberParam(z.number().int().min(1).max(LIST_PAGE_MAX)),
  limite: numberParam(z.number().int().min(1).max(limiteMax)),
});

export const listaQuerySchema = z.object(pagingQueryShape());
export type ListaQuery = z.infer<typeof listaQuerySchema>;

/** The page a query asks for, with the defaults filled in. */
export function resolvePage(
  query: { pagina?: number | undefined; limite?: number | undefined },
  defecto: number = LIST_LIMIT_DEFAULT,
): { pagina: number; limite: number; offset: number } {
  const pagina = query.pagina ?? 1;
  const limite = query.limite ?? defecto;
  return { pagina, limite, offset: (pagina - 1) * limite };
}
