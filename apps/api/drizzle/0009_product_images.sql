-- A product's photos are part of what a shopper sees of it: every instance's catalogue cache must
-- hear of their changes as it hears of the products' (migration 0004's channel).
CREATE TRIGGER "producto_imagenes_catalogo_cambio" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "producto_imagenes"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogo_cambio();
