-- Brand and SKU join what a product is found by (decision 009): a shopper types 'kingston' or
-- the SKU read off a box. Redefines 0003's document and its callers, then rebuilds every row.
CREATE OR REPLACE FUNCTION public.busqueda_documento(
  nombre text, categoria text, descripcion text, marca text, sku text)
  RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT to_tsvector('pg_catalog.simple'::regconfig,
      public.busqueda_normalizar(concat_ws(' ', nombre, marca, sku, categoria, descripcion)))
  $$;
--> statement-breakpoint
-- The SKU as the row will hold it: the trigger of 0008 that fills an empty one with NB-{id}
-- runs after this one (BEFORE triggers fire in name order), so the same rule is applied here.
CREATE OR REPLACE FUNCTION public.productos_sku_efectivo(sku text, id integer) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(nullif(btrim(sku), ''), 'NB-' || lpad(id::text, 6, '0')) $$;
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
      AND NEW.marca IS NOT DISTINCT FROM OLD.marca
      AND NEW.sku IS NOT DISTINCT FROM OLD.sku
      AND NEW.categoria_id IS NOT DISTINCT FROM OLD.categoria_id THEN
      RETURN NEW;
    END IF;
    NEW.busqueda_nombre := public.busqueda_normalizar(NEW.nombre);
    NEW.busqueda := public.busqueda_documento(
      NEW.nombre,
      (SELECT c.nombre FROM public.categorias c WHERE c.id = NEW.categoria_id),
      NEW.descripcion,
      NEW.marca,
      public.productos_sku_efectivo(NEW.sku, NEW.id));
    RETURN NEW;
  END
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.categorias_busqueda_renombrar() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    UPDATE public.productos p
      SET busqueda = public.busqueda_documento(p.nombre, n.nombre, p.descripcion, p.marca, p.sku)
      FROM viejas v JOIN nuevas n ON n.id = v.id
      WHERE p.categoria_id = n.id AND n.nombre IS DISTINCT FROM v.nombre;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
DROP FUNCTION public.busqueda_documento(text, text, text);
--> statement-breakpoint
-- Every product's document again; the statement trigger of 0003 moves the vocabulary with it.
UPDATE "productos" p SET
  "busqueda" = public.busqueda_documento(p."nombre", c."nombre", p."descripcion", p."marca", p."sku")
FROM "categorias" c WHERE c."id" = p."categoria_id";
--> statement-breakpoint
-- Filters and facets: a specification value is a containment test (especificaciones @>
-- '[{"nombre":…,"valor":…}]'), which this index answers; a brand is matched without case.
CREATE INDEX "productos_especificaciones_idx" ON "productos"
  USING gin ("especificaciones" jsonb_path_ops);
--> statement-breakpoint
CREATE INDEX "productos_marca_lower_idx" ON "productos" USING btree (lower("marca"));
--> statement-breakpoint
-- How many active products each brand and each specification value has per category, kept by the
-- triggers below as productos_conteo is by 0003's: the facets of a list filtered by category alone
-- (the shop's first screens, asked again after every order clears the catalogue cache) are read
-- here instead of unpacking every product's specifications.
CREATE TABLE "marcas_conteo" (
  "categoria_id" integer NOT NULL,
  "marca" varchar(60) NOT NULL,
  "n" integer NOT NULL,
  PRIMARY KEY ("categoria_id", "marca")
);
--> statement-breakpoint
CREATE TABLE "especificaciones_conteo" (
  "categoria_id" integer NOT NULL,
  "nombre" text NOT NULL,
  "valor" text NOT NULL,
  "n" integer NOT NULL,
  PRIMARY KEY ("categoria_id", "nombre", "valor")
);
--> statement-breakpoint
-- Adds (delta 1) or takes away (delta -1) the brands and values of the given products; keys are
-- written in one order so that two writers never deadlock, and a count that reaches 0 goes.
CREATE OR REPLACE FUNCTION public.facetas_ajustar(filas public.productos[], delta integer)
  RETURNS void LANGUAGE plpgsql
  AS $$
  BEGIN
    IF coalesce(cardinality(filas), 0) = 0 THEN
      RETURN;
    END IF;
    INSERT INTO public.marcas_conteo AS c (categoria_id, marca, n)
      SELECT p.categoria_id, p.marca, delta * count(*)::integer
      FROM unnest(filas) AS p WHERE p.marca IS NOT NULL
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (categoria_id, marca) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO public.especificaciones_conteo AS c (categoria_id, nombre, valor, n)
      SELECT p.categoria_id, e.value->>'nombre', e.value->>'valor', delta * count(*)::integer
      FROM unnest(filas) AS p, jsonb_array_elements(p.especificaciones) AS e
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (categoria_id, nombre, valor) DO UPDATE SET n = c.n + excluded.n;
    IF delta < 0 THEN
      DELETE FROM public.marcas_conteo WHERE n <= 0;
      DELETE FROM public.especificaciones_conteo WHERE n <= 0;
    END IF;
  END
  $$;
--> statement-breakpoint
-- Statement-level, like 0003's: a stock or price change (every order) moves nothing here.
CREATE OR REPLACE FUNCTION public.productos_facetas_resumir() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM public.facetas_ajustar(ARRAY(SELECT n::public.productos FROM nuevas n WHERE n.activo), 1);
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM public.facetas_ajustar(ARRAY(SELECT v::public.productos FROM viejas v WHERE v.activo), -1);
    ELSIF TG_OP = 'UPDATE' THEN
      PERFORM public.facetas_ajustar(ARRAY(
        SELECT v::public.productos FROM viejas v JOIN nuevas n ON n.id = v.id
        WHERE v.activo AND (v.activo, v.categoria_id, v.marca, v.especificaciones)
          IS DISTINCT FROM (n.activo, n.categoria_id, n.marca, n.especificaciones)), -1);
      PERFORM public.facetas_ajustar(ARRAY(
        SELECT n::public.productos FROM viejas v JOIN nuevas n ON n.id = v.id
        WHERE n.activo AND (v.activo, v.categoria_id, v.marca, v.especificaciones)
          IS DISTINCT FROM (n.activo, n.categoria_id, n.marca, n.especificaciones)), 1);
    ELSE
      DELETE FROM public.marcas_conteo;
      DELETE FROM public.especificaciones_conteo;
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER productos_facetas_insert AFTER INSERT ON productos
  REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION public.productos_facetas_resumir();
--> statement-breakpoint
CREATE TRIGGER productos_facetas_update AFTER UPDATE ON productos
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION public.productos_facetas_resumir();
--> statement-breakpoint
CREATE TRIGGER productos_facetas_delete AFTER DELETE ON productos
  REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION public.productos_facetas_resumir();
--> statement-breakpoint
CREATE TRIGGER productos_facetas_truncate AFTER TRUNCATE ON productos
  FOR EACH STATEMENT EXECUTE FUNCTION public.productos_facetas_resumir();
--> statement-breakpoint
-- A shop upgraded from an earlier version already has products.
SELECT public.facetas_ajustar(ARRAY(SELECT p FROM public.productos p WHERE p.activo), 1);
