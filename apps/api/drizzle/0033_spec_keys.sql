-- A product's specification lines as keys, nombre || U+001F || valor (a character no name holds),
-- for the list's `espec` filter (decision 031). A GIN index over these text arrays answers "holds
-- one of these keys" exactly; over jsonb (especificaciones @> '[{…}]') every row it names was read
-- again to be checked, most of the cost of gathering tens of thousands of matches for a deep page.
-- An index on the expression, not a column: the table is not rewritten, nothing else changes.
CREATE FUNCTION public.productos_especificaciones_claves(especificaciones jsonb)
  RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT CASE WHEN jsonb_typeof(especificaciones) = 'array' THEN coalesce(
      (SELECT array_agg((e->>'nombre') || chr(31) || (e->>'valor'))
         FROM jsonb_array_elements(especificaciones) AS e
         WHERE e->>'nombre' IS NOT NULL AND e->>'valor' IS NOT NULL),
      '{}') ELSE '{}' END
  $$;
--> statement-breakpoint
CREATE INDEX "productos_especificaciones_claves_idx" ON "productos"
  USING gin (public.productos_especificaciones_claves("especificaciones"));
--> statement-breakpoint
-- Nothing tests the jsonb containment any more.
DROP INDEX "productos_especificaciones_idx";
