CREATE TABLE "alertas_stock" (
	"id" serial PRIMARY KEY NOT NULL,
	"producto_id" integer NOT NULL,
	"correo" varchar(100) NOT NULL,
	"usuario_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"avisada_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alertas_stock_bajas" (
	"correo" varchar(100) PRIMARY KEY NOT NULL,
	"baja_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "precio_oferta" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "oferta_desde" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "oferta_hasta" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alertas_stock" ADD CONSTRAINT "alertas_stock_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alertas_stock" ADD CONSTRAINT "alertas_stock_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alertas_stock_esperando_idx" ON "alertas_stock" USING btree ("producto_id","correo") WHERE "alertas_stock"."avisada_at" IS NULL;--> statement-breakpoint
CREATE INDEX "alertas_stock_correo_idx" ON "alertas_stock" USING btree ("correo");--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_oferta_completa" CHECK (("productos"."precio_oferta" IS NULL) = ("productos"."oferta_desde" IS NULL) AND ("productos"."precio_oferta" IS NULL) = ("productos"."oferta_hasta" IS NULL) AND ("productos"."precio_oferta" IS NULL OR ("productos"."precio_oferta" >= 0 AND "productos"."oferta_desde" < "productos"."oferta_hasta")));--> statement-breakpoint
-- A product's page changes with its offer too (the sitemap's lastmod).
CREATE OR REPLACE FUNCTION public.productos_updated_at_marcar() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF (NEW.nombre, NEW.descripcion, NEW.precio, NEW.imagen, NEW.activo, NEW.categoria_id,
        NEW.marca, NEW.sku, NEW.especificaciones, NEW.stock > 0,
        NEW.precio_oferta, NEW.oferta_desde, NEW.oferta_hasta)
      IS DISTINCT FROM
       (OLD.nombre, OLD.descripcion, OLD.precio, OLD.imagen, OLD.activo, OLD.categoria_id,
        OLD.marca, OLD.sku, OLD.especificaciones, OLD.stock > 0,
        OLD.precio_oferta, OLD.oferta_desde, OLD.oferta_hasta) THEN
      NEW.updated_at := now();
    END IF;
    RETURN NEW;
  END
  $$;
