-- Search that forgives accents and typos, on PostgreSQL and PGlite alike (both ship these).
-- Decision record: docs/decisions/009-search-and-bounded-lists.md.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so no index may use it. Naming the
-- dictionary and schema-qualifying everything makes the result depend on the argument alone,
-- which is what IMMUTABLE promises, whatever the search_path. Being IMMUTABLE around a STABLE
-- call, PostgreSQL never inlines it, so an index expression that names it is matched by name.
CREATE OR REPLACE FUNCTION public.immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- The one normal form of searched text, for the catalogue and for what the shopper types alike:
-- no accents (ñ is n), lower case, only letters a-z and digits, words split by single spaces.
-- unaccent goes first so that lower() only ever meets ASCII letters, whatever the collation.
CREATE OR REPLACE FUNCTION public.busqueda_normalizar(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT btrim(regexp_replace(lower(public.immutable_unaccent($1)), '[^a-z0-9]+', ' ', 'g'))
  $$;
--> statement-breakpoint
-- What a product is found by: its name, its category's name and its description, as words.
-- 'simple' keeps every word as written (no stemming, no stop words), so a prefix query
-- ('mecan:*') behaves the same for every word.
CREATE OR REPLACE FUNCTION public.busqueda_documento(nombre text, categoria text, descripcion text)
  RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT to_tsvector('pg_catalog.simple'::regconfig,
      public.busqueda_normalizar(concat_ws(' ', nombre, categoria, descripcion)))
  $$;
--> statement-breakpoint
-- Kept on the row (by the trigger below) rather than computed per search: ranking thousands of
-- matches must not call unaccent thousands of times, and the category's name lives in another
-- table, which a generated column cannot read.
ALTER TABLE "productos" ADD COLUMN "busqueda_nombre" text;
--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "busqueda" tsvector;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.productos_busqueda_calcular() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    -- A stock or price change leaves the searched text as it was (and keeps any value the
    -- statement set itself, as a category rename does).
    IF TG_OP = 'UPDATE'
      AND NEW.nombre IS NOT DISTINCT FROM OLD.nombre
      AND NEW.descripcion IS NOT DISTINCT FROM OLD.descripcion
      AND NEW.categoria_id IS NOT DISTINCT FROM OLD.categoria_id THEN
      RETURN NEW;
    END IF;
    NEW.busqueda_nombre := public.busqueda_normalizar(NEW.nombre);
    NEW.busqueda := public.busqueda_documento(
      NEW.nombre,
      (SELECT c.nombre FROM public.categorias c WHERE c.id = NEW.categoria_id),
      NEW.descripcion);
    RETURN NEW;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER productos_busqueda_calcular BEFORE INSERT OR UPDATE ON productos
  FOR EACH ROW EXECUTE FUNCTION public.productos_busqueda_calcular();
--> statement-breakpoint
UPDATE "productos" p SET
  "busqueda_nombre" = public.busqueda_normalizar(p."nombre"),
  "busqueda" = public.busqueda_documento(p."nombre", c."nombre", p."descripcion")
FROM "categorias" c WHERE c."id" = p."categoria_id";
--> statement-breakpoint
-- Word-prefix search ('teclado:* & mecan:*'): a posting list per word, exact, with good
-- statistics for the planner.
CREATE INDEX "productos_busqueda_idx" ON "productos" USING gin ("busqueda");
--> statement-breakpoint
-- Names that start with the query come first: a btree range (LIKE 'teclado mec%').
CREATE INDEX "productos_busqueda_nombre_idx" ON "productos"
  USING btree ("busqueda_nombre" text_pattern_ops);
--> statement-breakpoint
-- One index per order the lists use, each ending in id (the tie-breaker), so a page is read off
-- the index in order (no sort) and a deep page skips index entries only (index-only scan).
CREATE INDEX "productos_activo_recientes_idx" ON "productos"
  USING btree ("activo", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "productos_recientes_idx" ON "productos" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "productos_activo_precio_idx" ON "productos" USING btree ("activo", "precio", "id");
--> statement-breakpoint
CREATE INDEX "productos_precio_idx" ON "productos" USING btree ("precio", "id");
--> statement-breakpoint
CREATE INDEX "productos_categoria_activo_precio_idx" ON "productos"
  USING btree ("categoria_id", "activo", "precio", "id");
--> statement-breakpoint
CREATE INDEX "productos_categoria_activo_recientes_idx" ON "productos"
  USING btree ("categoria_id", "activo", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- How many products each category has, active and not: X-Total-Count of a list without a text or
-- a price filter is read here instead of counting 100,000 index entries per request.
CREATE TABLE "productos_conteo" (
  "categoria_id" integer NOT NULL,
  "activo" boolean NOT NULL,
  "n" integer NOT NULL,
  PRIMARY KEY ("categoria_id", "activo")
);
--> statement-breakpoint
-- The catalogue's vocabulary: every word of an active product's searched text (name, category,
-- description), with how many products hold it. Whether a typed word exists at all is a prefix
-- lookup here (C collation, so a btree range answers LIKE-style prefixes), and typo correction
-- and '¿Quisiste decir …?' look for close words here (a trigram index over a few thousand rows),
-- not in 100,000 products. The triggers below keep it exact.
CREATE TABLE "busqueda_palabras" (
  "palabra" text COLLATE "C" PRIMARY KEY,
  "n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "busqueda_palabras_trgm_idx" ON "busqueda_palabras"
  USING gin ("palabra" gin_trgm_ops);
--> statement-breakpoint
-- Adds (delta 1) or removes (delta -1) words, one occurrence per product. Words are locked in
-- one order so two writers never deadlock; a word no product holds any more is dropped.
CREATE OR REPLACE FUNCTION public.busqueda_palabras_ajustar(palabras text[], delta integer)
  RETURNS void LANGUAGE plpgsql
  AS $$
  DECLARE
    vacias text[];
  BEGIN
    IF coalesce(cardinality(palabras), 0) = 0 THEN
      RETURN;
    END IF;
    WITH cambio AS (
      INSERT INTO public.busqueda_palabras AS p (palabra, n)
      SELECT w, delta * count(*)::integer
      FROM unnest(palabras) AS w
      GROUP BY w
      ORDER BY w
      ON CONFLICT (palabra) DO UPDATE SET n = p.n + excluded.n
      RETURNING p.palabra, p.n
    )
    SELECT array_agg(palabra) INTO vacias FROM cambio WHERE n <= 0;
    IF vacias IS NOT NULL THEN
      DELETE FROM public.busqueda_palabras WHERE palabra = ANY (vacias) AND n <= 0;
    END IF;
  END
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.busqueda_reconstruir() RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    DELETE FROM public.busqueda_palabras;
    PERFORM public.busqueda_palabras_ajustar(ARRAY(
      SELECT w FROM public.productos, unnest(tsvector_to_array(busqueda)) AS w WHERE activo), 1);
    DELETE FROM public.productos_conteo;
    INSERT INTO public.productos_conteo (categoria_id, activo, n)
      SELECT categoria_id, activo, count(*) FROM public.productos GROUP BY categoria_id, activo;
  END
  $$;
--> statement-breakpoint
-- Statement-level with transition tables: a bulk insert of 100,000 products updates the
-- vocabulary and the counts in one set-based pass, and a stock change touches neither.
CREATE OR REPLACE FUNCTION public.productos_busqueda_resumir() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM public.busqueda_palabras_ajustar(ARRAY(
        SELECT w FROM nuevas, unnest(tsvector_to_array(busqueda)) AS w WHERE activo), 1);
      INSERT INTO public.productos_conteo AS c (categoria_id, activo, n)
        SELECT categoria_id, activo, count(*) FROM nuevas
        GROUP BY categoria_id, activo ORDER BY categoria_id, activo
        ON CONFLICT (categoria_id, activo) DO UPDATE SET n = c.n + excluded.n;
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM public.busqueda_palabras_ajustar(ARRAY(
        SELECT w FROM viejas, unnest(tsvector_to_array(busqueda)) AS w WHERE activo), -1);
      INSERT INTO public.productos_conteo AS c (categoria_id, activo, n)
        SELECT categoria_id, activo, -count(*) FROM viejas
        GROUP BY categoria_id, activo ORDER BY categoria_id, activo
        ON CONFLICT (categoria_id, activo) DO UPDATE SET n = c.n + excluded.n;
    ELSIF TG_OP = 'UPDATE' THEN
      PERFORM public.busqueda_palabras_ajustar(ARRAY(
        SELECT w FROM viejas v JOIN nuevas n ON n.id = v.id,
          unnest(tsvector_to_array(v.busqueda)) AS w
        WHERE v.activo AND (NOT n.activo OR n.busqueda IS DISTINCT FROM v.busqueda)), -1);
      PERFORM public.busqueda_palabras_ajustar(ARRAY(
        SELECT w FROM viejas v JOIN nuevas n ON n.id = v.id,
          unnest(tsvector_to_array(n.busqueda)) AS w
        WHERE n.activo AND (NOT v.activo OR n.busqueda IS DISTINCT FROM v.busqueda)), 1);
      INSERT INTO public.productos_conteo AS c (categoria_id, activo, n)
        SELECT categoria_id, activo, sum(delta)::integer FROM (
          SELECT v.categoria_id, v.activo, -1 AS delta
            FROM viejas v JOIN nuevas n ON n.id = v.id
            WHERE (n.categoria_id, n.activo) IS DISTINCT FROM (v.categoria_id, v.activo)
          UNION ALL
          SELECT n.categoria_id, n.activo, 1
            FROM viejas v JOIN nuevas n ON n.id = v.id
            WHERE (n.categoria_id, n.activo) IS DISTINCT FROM (v.categoria_id, v.activo)
        ) AS cambio
        GROUP BY categoria_id, activo ORDER BY categoria_id, activo
        ON CONFLICT (categoria_id, activo) DO UPDATE SET n = c.n + excluded.n;
    ELSE
      PERFORM public.busqueda_reconstruir();
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
-- A renamed category changes what its products are found by (and so the vocabulary, through
-- the products' own trigger).
CREATE OR REPLACE FUNCTION public.categorias_busqueda_renombrar() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    UPDATE public.productos p
      SET busqueda = public.busqueda_documento(p.nombre, n.nombre, p.descripcion)
      FROM viejas v JOIN nuevas n ON n.id = v.id
      WHERE p.categoria_id = n.id AND n.nombre IS DISTINCT FROM v.nombre;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
-- PostgreSQL allows transition tables on single-event triggers only: one trigger per event.
CREATE TRIGGER productos_busqueda_insert AFTER INSERT ON productos
  REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION public.productos_busqueda_resumir();
--> statement-breakpoint
CREATE TRIGGER productos_busqueda_update AFTER UPDATE ON productos
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION public.productos_busqueda_resumir();
--> statement-breakpoint
CREATE TRIGGER productos_busqueda_delete AFTER DELETE ON productos
  REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION public.productos_busqueda_resumir();
--> statement-breakpoint
CREATE TRIGGER productos_busqueda_truncate AFTER TRUNCATE ON productos
  FOR EACH STATEMENT EXECUTE FUNCTION public.productos_busqueda_resumir();
--> statement-breakpoint
CREATE TRIGGER categorias_busqueda_update AFTER UPDATE ON categorias
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION public.categorias_busqueda_renombrar();
--> statement-breakpoint
-- A shop upgraded from an earlier version already has products and categories.
SELECT public.busqueda_reconstruir();
