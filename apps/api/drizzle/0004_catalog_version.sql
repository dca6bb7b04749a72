-- Every statement that changes what a shopper sees of the catalogue (any code path: the API, the
-- expiry sweep, a manual UPDATE) announces it on commit, so every instance drops its read cache.
-- NOTIFY is delivered only when the transaction commits and takes no row lock while it runs.
CREATE OR REPLACE FUNCTION notify_catalogo_cambio() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogo_cambio', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER productos_catalogo_cambio AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON productos
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogo_cambio();
--> statement-breakpoint
CREATE TRIGGER categorias_catalogo_cambio AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categorias
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogo_cambio();
