-- An update of products that only moves their stock (an order taking units, a cancellation giving
-- them back) is announced as 'stock', any other change as before ('productos'): the catalogue
-- cache gathers a run of stock moves over a longer window than other changes (decision 010).
-- A product's row is compared whole but for its stock, so a column added later counts as a
-- change. Stock that reaches or leaves zero also moves updated_at (migration 0012): it is a
-- change of what can be bought, announced as 'productos'. An update of no row announces nothing.
CREATE OR REPLACE FUNCTION notify_productos_actualizados() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM despues d JOIN antes a USING (id)
     WHERE to_jsonb(d) - 'stock' IS DISTINCT FROM to_jsonb(a) - 'stock'
  ) OR (SELECT count(*) FROM despues) <> (SELECT count(*) FROM antes JOIN despues USING (id)) THEN
    PERFORM pg_notify('catalogo_cambio', 'productos');
  ELSIF EXISTS (
    SELECT 1 FROM despues d JOIN antes a USING (id) WHERE d.stock IS DISTINCT FROM a.stock
  ) THEN
    PERFORM pg_notify('catalogo_cambio', 'stock');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER productos_catalogo_cambio ON productos;
--> statement-breakpoint
CREATE TRIGGER productos_catalogo_cambio AFTER INSERT OR DELETE OR TRUNCATE ON productos
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogo_cambio();
--> statement-breakpoint
CREATE TRIGGER productos_catalogo_actualizados AFTER UPDATE ON productos
  REFERENCING OLD TABLE AS antes NEW TABLE AS despues
  FOR EACH STATEMENT EXECUTE FUNCTION notify_productos_actualizados();
