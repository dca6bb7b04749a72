-- When a product's page last changed, for the sitemap's lastmod: what a shopper reads on it (name,
-- text, price, photo, brand, SKU, specs, category, whether it is on sale) and whether it can be
-- bought. A sale that only lowers the stock leaves it alone, or every order would move it.
ALTER TABLE productos ADD COLUMN updated_at timestamp with time zone;
--> statement-breakpoint
UPDATE productos SET updated_at = created_at;
--> statement-breakpoint
ALTER TABLE productos ALTER COLUMN updated_at SET DEFAULT now(), ALTER COLUMN updated_at SET NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.productos_updated_at_marcar() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF (NEW.nombre, NEW.descripcion, NEW.precio, NEW.imagen, NEW.activo, NEW.categoria_id,
        NEW.marca, NEW.sku, NEW.especificaciones, NEW.stock > 0)
      IS DISTINCT FROM
       (OLD.nombre, OLD.descripcion, OLD.precio, OLD.imagen, OLD.activo, OLD.categoria_id,
        OLD.marca, OLD.sku, OLD.especificaciones, OLD.stock > 0) THEN
      NEW.updated_at := now();
    END IF;
    RETURN NEW;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER productos_updated_at_marcar BEFORE UPDATE ON productos
  FOR EACH ROW EXECUTE FUNCTION public.productos_updated_at_marcar();
--> statement-breakpoint
-- A photo added, removed or reordered changes the product's page too.
CREATE OR REPLACE FUNCTION public.producto_imagenes_marcar_producto() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    UPDATE productos SET updated_at = now()
      WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.producto_id ELSE NEW.producto_id END;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER producto_imagenes_marcar_producto AFTER INSERT OR UPDATE OR DELETE ON producto_imagenes
  FOR EACH ROW EXECUTE FUNCTION public.producto_imagenes_marcar_producto();
